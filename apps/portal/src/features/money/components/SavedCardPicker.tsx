import type { SavedCardView } from '@credence/api-contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRemoveSavedCard } from '@/features/money/hooks/useSavedCards';
import { ApiError } from '@/shared/api/client';

/** The choice for a new card, beside the saved cards' ids. */
export const NEW_CARD = 'new';

interface Props {
  cards: readonly SavedCardView[];
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * The cards kept with 'Save card for later' (money 2.9), offered at the next payment: each masked as the provider
 * describes it ('Visa ending 1111', its expiry) with Remove, or a new card. No card number is ever shown or held.
 */
export function SavedCardPicker({ cards, selected, onSelect }: Props) {
  const remove = useRemoveSavedCard();
  const [removing, setRemoving] = useState<SavedCardView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    setFailure(null);
    try {
      await remove.mutateAsync(removing.id);
      if (selected === removing.id) onSelect(NEW_CARD);
      setRemoving(null);
    } catch (e) {
      setFailure(
        e instanceof ApiError ? e.messages.join(' ') : 'The card could not be removed. Please try again.',
      );
    }
  }

  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id="saved-card-label">
        Pay with
      </FormLabel>
      <RadioGroup
        aria-labelledby="saved-card-label"
        value={selected}
        onChange={(e) => onSelect(e.target.value)}
        name="saved-card"
      >
        {cards.map((c) => (
          <Box
            key={c.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
            }}
          >
            {/* Remove stays on its card's row (on a phone it wrapped under it, beside 'A new card'); the expiry goes
                under the card's name there instead. */}
            <FormControlLabel
              sx={{ minWidth: 0, flex: 1 }}
              value={c.id}
              control={<Radio />}
              label={
                <span>
                  {c.label}{' '}
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: { xs: 'block', sm: 'inline' } }}
                  >
                    (expires {c.expiry})
                  </Typography>
                </span>
              }
            />
            <Button
              size="small"
              color="error"
              onClick={() => setRemoving(c)}
              aria-label={`Remove ${c.label}`}
              sx={{ flexShrink: 0 }}
            >
              Remove
            </Button>
          </Box>
        ))}
        <FormControlLabel value={NEW_CARD} control={<Radio />} label="A new card" />
      </RadioGroup>
      <Dialog open={!!removing} onClose={() => setRemoving(null)} aria-labelledby="remove-card-title">
        <DialogTitle id="remove-card-title">Remove saved card</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Remove the saved {removing?.label}? You can save it again with your next payment.
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => void confirmRemove()}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </FormControl>
  );
}
