import { Box, Typography } from '@mui/material';
import Check from '@mui/icons-material/Check';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import { dashboardStep } from '@credence/domain';
import { visuallyHidden } from '@/shared/ui/visuallyHidden';

/** Step indicator states (verifications.md 4: active, complete, warning); steps not reached yet are upcoming. */
export type StepState = 'complete' | 'active' | 'warning' | 'upcoming';

export interface Step {
  label: string;
  state: StepState;
}

interface StepIndicatorProps {
  /** The accessible name of the list, e.g. 'Progress of Jane Doe's verification'. */
  label: string;
  steps: readonly Step[];
}

const SPOKEN: Record<StepState, string> = {
  complete: 'completed',
  active: 'current step',
  warning: 'current step, action required',
  upcoming: 'not started',
};

/**
 * Numbered steps joined by a line (money 2.7, verifications.md 2.9). Up to three steps stay side by side on a
 * phone, labels under their numbers; longer bars stack vertically there.
 */
export function StepIndicator({ label, steps }: StepIndicatorProps) {
  const vertical = steps.length > 3;
  const phone = vertical ? { flexDirection: 'column', alignItems: 'stretch', gap: 1 } : {};
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{
        display: 'flex',
        m: 0,
        p: 0,
        listStyle: 'none',
        '@media (max-width: 599.95px)': phone,
      }}
    >
      {steps.map((step, i) => (
        <StepItem
          key={`${i}-${step.label}`}
          step={step}
          index={i}
          last={i === steps.length - 1}
          vertical={vertical}
        />
      ))}
    </Box>
  );
}

function StepItem({
  step,
  index,
  last,
  vertical,
}: {
  step: Step;
  index: number;
  last: boolean;
  vertical: boolean;
}) {
  const current = step.state === 'active' || step.state === 'warning';
  const colour = {
    complete: 'success.main',
    active: 'primary.main',
    warning: 'warning.main',
    upcoming: 'grey.400',
  }[step.state];
  const phoneRow = vertical
    ? {
        '@media (max-width: 599.95px)': {
          flexDirection: 'row',
          alignItems: 'center',
          textAlign: 'left',
          gap: 1.5,
          '& .step-line': { display: 'none' },
        },
      }
    : {};
  return (
    <Box
      component="li"
      aria-current={current ? 'step' : undefined}
      data-state={step.state}
      sx={{
        flex: 1,
        minWidth: 0,
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 0.75,
        ...phoneRow,
      }}
    >
      {!last && (
        <Box
          className="step-line"
          aria-hidden
          sx={{
            position: 'absolute',
            top: 15,
            left: 'calc(50% + 22px)',
            right: 'calc(-50% + 22px)',
            height: 2,
            borderRadius: 1,
            bgcolor: step.state === 'complete' ? 'success.main' : 'divider',
          }}
        />
      )}
      <Box
        aria-hidden
        sx={{
          flex: 'none',
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: '0.875rem',
          border: 2,
          borderColor: colour,
          bgcolor: step.state === 'upcoming' ? 'background.paper' : colour,
          color: step.state === 'upcoming' ? 'text.secondary' : 'common.white',
          boxShadow: current ? (t) => `0 0 0 4px ${t.palette.action.selected}` : 'none',
        }}
      >
        {step.state === 'complete' ? (
          <Check fontSize="small" />
        ) : step.state === 'warning' ? (
          <PriorityHigh fontSize="small" />
        ) : (
          index + 1
        )}
      </Box>
      <Typography
        variant="body2"
        sx={{
          px: 0.5,
          fontWeight: current ? 650 : 500,
          color:
            step.state === 'warning'
              ? 'warning.dark'
              : step.state === 'upcoming'
                ? 'text.secondary'
                : 'text.primary',
          overflowWrap: 'anywhere',
        }}
      >
        {step.label}
        <Box component="span" sx={visuallyHidden}>
          {` (${SPOKEN[step.state]})`}
        </Box>
      </Typography>
    </Box>
  );
}

/**
 * The three steps of a verification on the individual's dashboard (money 2.7, 4): Verification Details, then
 * Pending or Action Required, then Completed. The step index and state come from libs/domain's dashboardStep
 * (PENDING 2; REJECTED or NOT_FOUND 2 with warning; VERIFIED or NOT_VERIFIED 3; otherwise 0, read as the details
 * step still in progress).
 */
export function verificationProgressSteps(result: string): Step[] {
  const { index, state } = dashboardStep(result);
  const labels = ['Verification Details', state === 'warning' ? 'Action Required' : 'Pending', 'Completed'];
  const current = Math.max(index, 1); // 1-based; 0 means no step is done yet
  return labels.map((label, i) => {
    const n = i + 1;
    if (state === 'complete' && n <= current) return { label, state: 'complete' };
    if (n < current) return { label, state: 'complete' };
    if (n === current) return { label, state };
    return { label, state: 'upcoming' };
  });
}

export function VerificationProgress({ result, label }: { result: string; label: string }) {
  return <StepIndicator label={label} steps={verificationProgressSteps(result)} />;
}
