import { deciderSpec } from '../shared/decider.spec-helper';
import { creditOrderDecider, type PlaceCreditOrder } from './credit-order.decide';

const { given } = deciderSpec(creditOrderDecider, { givenAt: '2026-11-20T10:00:00.000Z' });

const place: PlaceCreditOrder = {
  type: 'PlaceCreditOrder',
  orderId: 'o1',
  companyId: 'initech',
  companyName: 'Initech',
  order: { name: 'Dave', email: 'dave@initech.test', org: 'Initech', department: null, toBuy: 50 },
};

describe('credit order (Order Credits, 2.12)', () => {
  it('records the order once; a retry decides nothing', () => {
    const events = given([])
      .when(place)
      .then([
        {
          type: 'CreditOrdered',
          schemaVersion: 1,
          data: { name: 'Dave', email: 'dave@initech.test', org: 'Initech', department: null, toBuy: 50, orderId: 'o1', companyId: 'initech', companyName: 'Initech' },
        },
      ]);
    expect(events.ordered).toMatchObject({ toBuy: 50 });
    given(given([]).when(place).events()).when(place).then([]);
  });
});
