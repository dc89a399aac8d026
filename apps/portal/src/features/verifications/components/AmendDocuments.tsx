import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  additionalDocumentsAllowed,
  documentRequirementsFor,
  isResult,
  UPLOAD_MESSAGES,
  type TypeAlias,
} from '@credence/domain';
import { useState } from 'react';
import {
  DocumentCard,
  LabelDialog,
  UploadError,
  type CardState,
} from '@/features/ordering/components/DocumentsSection';
import type { DocValue } from '@/features/ordering/wizard/model';
import { readPdf } from '@/features/ordering/wizard/readPdf';
import { downloadDocument, saveFile } from '@/features/verifications/api/downloads';
import type { InstituteDetail, VerificationDetail } from '@/features/verifications/api/verifications';
import { useAddDocument, useDeleteDocument } from '@/features/verifications/hooks/useVerificationActions';
import { editRights } from '@/features/verifications/viewMode';
import { ApiError } from '@/shared/api/client';
import { useSession } from '@/shared/session/useSession';

const IDLE: CardState = { progress: null, error: null };

/**
 * The document cards of a verification being amended (2.6 on the 2.9 view, NOT_FOUND and REJECTED): one card per
 * requirement of the institute with what is stored for it, then the additional documents, and 'Add another
 * document' within the allowance (libs/domain: a REJECTED request may attach up to 5). The cards are the ordering
 * wizard's; here each upload is stored at once (POST /verification/{id}/document) and each delete too (DELETE
 * .../document/{docId}), the permission bitmask deciding which is offered; the record is then read again.
 */
export function AmendDocuments({
  v,
  institute,
}: {
  v: VerificationDetail;
  institute: InstituteDetail | undefined;
}) {
  const { claims } = useSession();
  const rights = editRights(v.permissions);
  const add = useAddDocument(v.id);
  const remove = useDeleteDocument(v.id);
  const [cards, setCards] = useState<Record<string, CardState>>({});
  const [labelling, setLabelling] = useState(false);
  const setCard = (key: string, state: CardState) => setCards((c) => ({ ...c, [key]: state }));

  const own = institute?.documentRequirements ?? [];
  // The institute's requirements for the fields as stored, as the API places an upload (a doctorate's Doctoral Degree
  // Confirmation among them, 2.6).
  const requirements = institute ? documentRequirementsFor({ documentRequirements: own }, v.fields) : [];
  const stored = v.documents.filter((d) => !d.output);
  const docs: DocValue[] = [
    ...requirements.map((r) => {
      const found = stored.find((d) => d.requirementId === r.id);
      const body = own.find((d) => d.id === r.id);
      return {
        key: `req-${r.id}`,
        requirementId: r.id,
        name: r.name,
        type: r.type,
        required: r.required,
        description: body?.description ?? null,
        template: body?.template ?? null,
        filename: found?.filename ?? null,
        data: null,
        size: found?.size ?? 0,
        serverId: found?.id ?? null,
      };
    }),
    ...stored
      .filter((d) => !d.requirementId || !requirements.some((r) => r.id === d.requirementId))
      .map((d) => ({
        key: `doc-${d.id}`,
        requirementId: null,
        name: d.name,
        type: d.type,
        required: false,
        description: null,
        template: null,
        filename: d.filename,
        data: null,
        size: d.size,
        serverId: d.id,
      })),
  ];
  const allowed = additionalDocumentsAllowed(
    {
      id: v.institute?.id ?? v.instituteId ?? '',
      name: v.instituteName ?? '',
      names: [],
      countryId: null,
      countryName: null,
      parentId: v.institute?.parentId ?? null,
      type: (institute?.type ?? v.type) as TypeAlias,
      allowsPending: v.institute?.allowsPending ?? institute?.allowsPending ?? false,
      maxAdditionalDocs: v.institute?.maxAdditionalDocs ?? institute?.maxAdditionalDocs ?? 0,
      listsDocuments: own.length > 0,
    },
    isResult(v.result) ? v.result : null,
  );
  const left = Math.max(0, allowed - docs.filter((d) => d.requirementId === null).length);
  if (docs.length === 0 && !(rights.addDocuments && left > 0)) return null;

  async function attach(file: File, doc: DocValue) {
    setCard(doc.key, { progress: 0, error: null });
    const read = await readPdf(file, (p) => setCard(doc.key, { progress: p, error: null }));
    if (!read.ok) {
      setCard(doc.key, { progress: null, error: { message: read.message, tooLarge: read.tooLarge } });
      return;
    }
    try {
      await add.mutateAsync({
        name: doc.name,
        requirementId: doc.requirementId,
        filename: file.name,
        data: read.data,
      });
      setCard(doc.key, IDLE);
    } catch (error) {
      // The API's refusal (its document rules) stays on the card; the client's toast said it too.
      const message = error instanceof ApiError && !error.sessionEnded ? error.messages.join(' ') : '';
      setCard(doc.key, { progress: null, error: message ? { message, tooLarge: false } : null });
    }
  }

  return (
    <Card variant="outlined" component="section" aria-label="Documents">
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Documents
          </Typography>
          {rights.addDocuments && allowed > 0 && (
            <Typography variant="body2">{UPLOAD_MESSAGES.allowance(allowed)}</Typography>
          )}
          {docs.map((doc) => (
            <DocumentCard
              key={doc.key}
              doc={doc}
              state={cards[doc.key] ?? IDLE}
              requiredError={undefined}
              canAdd={rights.addDocuments && !add.isPending}
              canDelete={rights.deleteDocuments && !remove.isPending}
              individual={!!claims?.isIndividual}
              onFile={(file) => void attach(file, doc)}
              onDelete={() => doc.serverId && remove.mutate(doc.serverId)}
              onView={() =>
                doc.serverId &&
                void downloadDocument(v.id, doc.serverId, doc.filename ?? `${doc.name}.pdf`).then(
                  saveFile,
                  () => {
                    // A failed download was reported by the client's error toast.
                  },
                )
              }
            />
          ))}
          {rights.addDocuments && left > 0 && (
            <Box>
              <Button variant="outlined" onClick={() => setLabelling(true)} disabled={add.isPending}>
                Add another document
              </Button>
            </Box>
          )}
          {Object.entries(cards).flatMap(([key, s]) =>
            s.error && !docs.some((d) => d.key === key) ? [<UploadError key={key} error={s.error} />] : [],
          )}
        </Stack>
      </CardContent>
      {labelling && (
        <LabelDialog
          onClose={() => setLabelling(false)}
          onFile={(label, file) => {
            setLabelling(false);
            void attach(file, {
              key: `new-${label}`,
              requirementId: null,
              name: label,
              type: 'ADDITIONAL',
              required: false,
              description: null,
              template: null,
              filename: null,
              data: null,
              size: 0,
              serverId: null,
            });
          }}
        />
      )}
    </Card>
  );
}
