import type { RecordInput } from '../records/record-rows';
import { COURSES, QUALIFICATIONS } from './demo-catalogue';
import { Prng } from './prng';

const FIRST = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Jack',
  'Mia',
  'Noah',
  'Sophia',
  'Leo',
  'Grace',
  'Arthur',
  'Lily',
  'Muhammad',
  'Freya',
  'Oscar',
  'Emily',
  'Charlie',
  'Ivy',
  'Thomas',
  'Ella',
  'James',
  'Rosie',
  'William',
  'Evie',
  'Henry',
  'Florence',
  'Alfie',
  'Poppy',
  'Aisha',
  'Priya',
  'Chen',
  'Kwame',
  'Siobhan',
  'Mateusz',
  'Zara',
  'Ahmed',
  'Chloe',
  'Daniel',
  'Fatima',
  'Hannah',
  'Ibrahim',
  'Joanna',
  'Kofi',
  'Lucia',
  'Mohammed',
  'Niamh',
  'Rahul',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Khan',
  'Ahmed',
  'Singh',
  "O'Brien",
  'Murphy',
  'Kowalski',
  'Nguyen',
  'Okafor',
  'Mensah',
  'Hughes',
  'Edwards',
  'Lewis',
  'Harris',
  'Martin',
  'Cooper',
  'King',
  'Lee',
  'Baker',
  'Morgan',
  'Campbell',
  'Stewart',
  'Ali',
  'Hussain',
  'Begum',
  'Shah',
];

/**
 * Records University of Demo holds, for automatic checks in the demo. The first ones are fixed, so the README and
 * tests can name them; the rest are generated from a seed.
 */
export const DEMO_KNOWN_RECORDS: RecordInput[] = [
  {
    firstName: 'Jane',
    middleName: null,
    lastName: 'Doe',
    dob: '1995-04-12',
    fields: {
      qualification: 'BSc (Hons)',
      course: 'Computer Science',
      gradYear: 2017,
      studentId: 'UD100001',
    },
  },
  {
    firstName: 'John',
    middleName: 'Paul',
    lastName: 'Smith',
    dob: '1988-11-30',
    fields: {
      qualification: 'MBA',
      course: 'Business Administration',
      gradYear: 2014,
      studentId: 'UD100002',
    },
  },
  {
    firstName: 'Siobhan',
    middleName: null,
    lastName: "O'Brien",
    dob: '1992-02-29',
    fields: { qualification: 'PhD', course: 'Physics', gradYear: 2020, studentId: 'UD100003' },
  },
];

export function demoRecords(count = 300, seed = 7): RecordInput[] {
  const prng = new Prng(seed);
  const records = [...DEMO_KNOWN_RECORDS];
  for (let i = records.length; i < count; i++) {
    const year = prng.int(1965, 2003);
    const dob = `${year}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`;
    records.push({
      firstName: prng.pick(FIRST),
      middleName: prng.chance(0.2) ? prng.pick(FIRST) : null,
      lastName: prng.pick(LAST),
      dob,
      fields: {
        qualification: prng.pick(QUALIFICATIONS),
        course: prng.pick(COURSES),
        gradYear: Math.max(1990, Math.min(2025, year + prng.int(21, 30))),
        studentId: `UD${100000 + i + 1}`,
      },
    });
  }
  return records;
}
