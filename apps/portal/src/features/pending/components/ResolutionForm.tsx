import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  APPROVAL_PROCESS_REQUIRED,
  RESOLUTION_COMMENT_REQUIRED,
  VERIFICATION_MESSAGES,
} from '@credence/domain';
import { useCallback, useState } from 'react';
import { ApiError } from '@/shared/api/client';
import type { ResolutionInput } from '@/features/pending/api/pending';
import {
  RESOLUTION_ACTIONS,
  resolutionFormErrors,
  toResolutionInput,
  type ResolutionValues,
} from '@/features/pending/resolutionForm';
import { FormSelect } from '@/shared/forms/FormSelect';
import { FormServerError } from '@/shared/forms/FormServerError';
import { FormTextField } from '@/shared/forms/FormTextField';
import { applyServerError, fieldsByMessage } from '@/shared/forms/serverErrors';
import { useRulesForm } from '@/shared/forms/useRulesForm';

interface Props {
  /** The account's firstname lastname and title, for a signed-in resolver. */
  defaults: { name: string; title: string };
  /** Staff administrators choose the 'Resolved By Process' (6). */
  staff: boolean;
  approvalProcesses: readonly string[];
  onResolve: (input: ResolutionInput) => Promise<unknown>;
}

/** The API's refusals placed on the fields they are about. */
const serverFields = fieldsByMessage<ResolutionValues>({
  [VERIFICATION_MESSAGES.required('name')]: 'approvedByName',
  [VERIFICATION_MESSAGES.required('job title / department')]: 'approvedByTitle',
  [APPROVAL_PROCESS_REQUIRED]: 'abp',
  [RESOLUTION_COMMENT_REQUIRED]: 'notes',
});

/**
 * The 'Resolution' form of the resolve page (2.11): Your name, Job title / department, 'Resolved By Process'
 * (administrators), 'Comments or corrections', and the three answers. Each button is its own submit with its own
 * rules (only Reject needs a comment: libs/domain validateResolution), so an error about one answer never disables
 * the others.
 */
export function ResolutionForm({ defaults, staff, approvalProcesses, onResolve }: Props) {
  const { control, handleSubmit, setValue, setError, formState } = useRulesForm<ResolutionValues>({
    defaultValues: {
      approvedByName: defaults.name,
      approvedByTitle: defaults.title,
      abp: '',
      notes: '',
      result: 'VERIFIED',
    },
    validate: useCallback((v: ResolutionValues) => resolutionFormErrors(v, staff), [staff]),
  });
  const [last, setLast] = useState<ResolutionValues['result'] | null>(null);
  const pressed = formState.isSubmitting ? last : null;

  async function send(v: ResolutionValues) {
    try {
      await onResolve(toResolutionInput(v, staff));
    } catch (error) {
      // Already Resolved and the like: the page reads the request again and shows its state.
      if (error instanceof ApiError && error.status === 409) return;
      applyServerError(setError, error, serverFields);
    }
  }

  return (
    <Card component="section" aria-labelledby="resolution-title">
      <CardContent>
        <Typography id="resolution-title" variant="h6" component="h3" sx={{ mb: 2 }}>
          Resolution
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <FormTextField control={control} name="approvedByName" label="Your name" required fullWidth />
            <FormTextField
              control={control}
              name="approvedByTitle"
              label="Job title / department"
              required
              fullWidth
            />
            {staff && (
              <FormSelect
                control={control}
                name="abp"
                label="Resolved By Process"
                required
                fullWidth
                options={approvalProcesses.map((p) => ({ value: p, label: p }))}
              />
            )}
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormTextField
                control={control}
                name="notes"
                label="Comments or corrections"
                multiline
                minRows={3}
                fullWidth
              />
            </Box>
          </Box>
          <Stack spacing={2} sx={{ mt: 3 }}>
            <FormServerError control={control} />
            {RESOLUTION_ACTIONS.map((a) => (
              <Stack
                key={a.result}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1, sm: 2 }}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Button
                  type="button"
                  variant={a.result === 'VERIFIED' ? 'contained' : 'outlined'}
                  color={a.result === 'VERIFIED' ? 'success' : a.result === 'REJECTED' ? 'warning' : 'error'}
                  loading={pressed === a.result}
                  disabled={formState.isSubmitting && pressed !== a.result}
                  aria-describedby={`resolution-${a.result}`}
                  onClick={() => {
                    setLast(a.result);
                    setValue('result', a.result);
                    void handleSubmit(send)();
                  }}
                  sx={{ minWidth: 148, flexShrink: 0 }}
                >
                  {a.label}
                </Button>
                <Typography id={`resolution-${a.result}`} variant="body2" color="text.secondary">
                  {a.meaning}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
