import {
  Alert,
  Box,
  Card,
  CardContent,
  Divider,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { CURRENT_STUDENT_GRAD_YEAR, instituteKind, type FieldValue, type ResultList } from '@credence/domain';
import type { ReactNode } from 'react';
import type { DownloadedFile } from '@/features/verifications/api/downloads';
import type {
  InstituteDetail,
  VerificationDetail,
  VerificationDocument,
} from '@/features/verifications/api/verifications';
import { CertificateDownload } from '@/features/verifications/components/CertificateDownload';
import { DocumentList } from '@/features/verifications/components/DocumentList';
import { accreditationBadge, typeName } from '@/features/verifications/presentation';
import { formatDate, isDateOnly } from '@/shared/ui/format';
import { ResultChip } from '@/shared/ui/result';

/** Fields the card never shows (2.9: the employer contact's name, phone and e-mail), and those shown elsewhere. */
const HIDDEN_FIELDS = new Set([
  'employerContactName',
  'employerPhone',
  'employerEmail',
  'firstname',
  'middlename',
  'surname',
  'dob',
  'thirdPartyData',
]);

interface Props {
  v: VerificationDetail;
  institute: InstituteDetail | undefined;
  refLabel: string;
  /** Organisation users download certificates (2.9). */
  certificate: boolean;
  brandable: boolean;
  /** The card's heading ('Result'; the resolve page shows the request under its own). */
  title?: string;
  /** Which list's words the result chip uses (verifications 4: the resolved list reads REJECTED 'Rejected'). */
  list?: ResultList;
  /** Downloads a document another way than the signed-in call (the public resolve link). */
  fetchDocument?: (d: VerificationDocument) => Promise<DownloadedFile>;
}

/** The Result card of the verification view (2.9): every field and rule, the footer by result. */
export function ResultCard({
  v,
  institute,
  refLabel,
  certificate,
  brandable,
  title = 'Result',
  list,
  fetchDocument,
}: Props) {
  const kind = v.instituteId ? instituteKind(v.instituteId) : 'education';
  const currentStudent = Number(v.fields.gradYear) === CURRENT_STUDENT_GRAD_YEAR;
  const names = v.instituteNames.length ? v.instituteNames : v.instituteName ? [v.instituteName] : [];
  const country = v.institute?.region.name ?? null;
  const subjects = v.additionalFieldData.flatMap((a) => a.subjects ?? []);
  const defs = institute?.fields ?? [];
  const fieldKeys = [
    ...defs.map((d) => d.key),
    ...Object.keys(v.fields).filter((k) => !defs.some((d) => d.key === k)),
  ].filter((k) => !HIDDEN_FIELDS.has(k) && !(k === 'gradYear' && currentStudent) && !isBlank(v.fields[k]));
  // Without the institute's definitions (the public resolve page cannot read them) a key reads as words.
  const labelOf = (key: string) => defs.find((d) => d.key === key)?.name ?? recordLabel(key);
  const isPassword = (key: string) => defs.find((d) => d.key === key)?.type === 'PASSWORD';
  const thirdParty = Object.entries(v.fields.thirdPartyData ?? {});
  const accreditation = accreditationBadge(v.accreditationStatus);

  return (
    <Card component="section" aria-labelledby="result-card-title">
      <CardContent>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography id="result-card-title" variant="h6" component="h3">
            {title}
          </Typography>
          <ResultChip result={v.result} list={list} size="medium" />
        </Stack>

        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
            '& dt': { color: 'text.secondary', fontSize: 14, mt: { xs: 1, sm: 0 } },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <Item label="QCID">{v.id}</Item>
          <Item label={refLabel}>{v.customerReference}</Item>
          <Item label="Type">{typeName(v.type)}</Item>
          <Item label={kind === 'employment' ? 'Organisation' : 'Institute'}>
            {kind === 'employment' && typeof v.fields.employerName === 'string'
              ? v.fields.employerName
              : names.join(', ')}
          </Item>
          {kind === 'highschool' || kind === 'employment' ? (
            <Item label="Country">{country}</Item>
          ) : (
            <Item label="Institute Country">{country}</Item>
          )}
          {kind === 'highschool' && v.instituteId?.startsWith('QC_HS_VER_SUB') && (
            <Item label="Examination Board / Authority">{v.institute?.name}</Item>
          )}
          <Item label="Accreditation">{accreditation}</Item>
          <Item label="First Name">{v.fields.firstname}</Item>
          <Item label="Middle Name">{v.fields.middlename}</Item>
          <Item label="Last Name">{v.fields.surname}</Item>
          <Item label="Date of Birth">{formatDate(v.fields.dob)}</Item>
          {currentStudent && <Item label="Enrolment Status">Current student</Item>}
          {fieldKeys.map((key) => (
            <Item key={key} label={labelOf(key)}>
              {isPassword(key) ? '••••••••' : String(v.fields[key])}
            </Item>
          ))}
          {subjects.length > 0 && (
            <Item label="Courses / Subjects">
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {subjects.map((s, i) => (
                  <li key={`${s.name}-${i}`}>
                    {s.name}
                    {s.mark ? `: ${s.mark}` : ''}
                  </li>
                ))}
              </Box>
            </Item>
          )}
          {v.approvedByName && (
            <Item label="Approved By">
              {v.approvedByName}
              {v.approvedByTitle ? `, ${v.approvedByTitle}` : ''}
            </Item>
          )}
          {v.approvedDate && <Item label="As of">{formatDate(v.approvedDate)}</Item>}
          {v.accreditation?.url && (
            <Item label="Accreditation details">
              <Link href={v.accreditation.url} target="_blank" rel="noopener noreferrer">
                {v.accreditation.authority ?? v.accreditation.url}
              </Link>
            </Item>
          )}
        </Box>

        {v.notes && (
          <Box sx={{ mt: 3 }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              Institute / Employer provided details
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{v.notes}</Typography>
          </Box>
        )}

        {thirdParty.length > 0 && (
          <Box sx={{ mt: 3 }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
              Data from records
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Data from records">
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Value</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {thirdParty.map(([key, value]) => (
                    <TableRow key={key}>
                      {/* The institute's own name for a field it also asks for ('Year of Graduation / Issue', not 'Grad year'). */}
                      <TableCell>{labelOf(key)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{recordValue(value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}

        <DocumentList
          verificationId={v.id}
          title="Documents"
          documents={v.documents}
          fetchDocument={fetchDocument}
        />
        <DocumentList
          verificationId={v.id}
          title="Output Documents"
          documents={v.outputDocs}
          fetchDocument={fetchDocument}
          inline={!!v.instituteId && instituteKind(v.instituteId) === 'identity'}
        />

        {v.footer && (
          <Alert severity={v.result === 'UNABLE' ? 'warning' : 'info'} sx={{ mt: 3 }}>
            {v.footer}
          </Alert>
        )}

        {certificate && (
          <>
            <Divider sx={{ my: 3 }} />
            <CertificateDownload verificationId={v.id} brandable={brandable} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function isBlank(value: FieldValue | undefined | Record<string, unknown>) {
  return value === null || value === undefined || String(value).trim() === '';
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A record's key as words: 'dateOfBirth' reads 'Date of birth', 'student_id' 'Student id'. */
function recordLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 2.9: booleans as Yes/No, urls as links; a record's date ('1995-04-12') as the card's other dates, '12 Apr 1995'. */
function recordValue(value: FieldValue | boolean): ReactNode {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null) return '';
  const text = String(value);
  if (isDateOnly(text)) return formatDate(text) || text;
  if (/^https?:\/\/\S+$/i.test(text)) {
    return (
      <Link href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </Link>
    );
  }
  return text;
}
