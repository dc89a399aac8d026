import { Box } from '@mui/material';
import { useState, type ReactNode } from 'react';

/** Access 9: 'card transition 300 ms'. */
export const CARD_TRANSITION_MS = 300;

export type SlideDirection = 'none' | 'forward' | 'back';

/**
 * Verifications 2.2: 'Slide transitions follow the direction of travel.' Each new step slides in from the right when
 * the user moves on, from the left when they go back; the first step does not move, nor does anything for a user who
 * asks for reduced motion. Only the position moves (no fading), so nothing is ever drawn at a lower contrast.
 */
export function SlideByStep({ step, children }: { step: number; children: ReactNode }) {
  // The direction is derived when the step changes (React's pattern for state from props), so a re-render on the
  // same step neither flips it nor replays the slide.
  const [shown, setShown] = useState<{ step: number; direction: SlideDirection }>({
    step,
    direction: 'none',
  });
  if (shown.step !== step) setShown({ step, direction: step > shown.step ? 'forward' : 'back' });
  const { direction } = shown.step === step ? shown : { direction: step > shown.step ? 'forward' : 'back' };
  // Two names: keyframes are global, so one name with two offsets would let the last drawn win.
  const name = `wizard-slide-${direction}`;
  const from = direction === 'forward' ? '48px' : '-48px';
  return (
    <Box
      key={step}
      data-slide={direction}
      sx={{
        ...(direction !== 'none' && {
          [`@keyframes ${name}`]: { from: { transform: `translateX(${from})` }, to: { transform: 'none' } },
          animation: `${name} ${CARD_TRANSITION_MS}ms ease-out`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }),
      }}
    >
      {children}
    </Box>
  );
}
