import { FormControlLabel, Switch, Typography } from '@mui/material';
import { CONSENT_TERMS, consentStatement } from '@credence/domain';

/**
 * Terms & Consent (verifications 1, 2.2): the written-consent statement, the terms, and the Yes/No switch the user
 * turns on before submitting. The order review shows it in a card; an incomplete request's page under its details.
 */
export function TermsConsent({
  id,
  heading,
  individual,
  consent,
  onConsent,
}: {
  /** The heading's id, for the section that carries it to name itself by. */
  id: string;
  heading: 'h3' | 'h4';
  individual: boolean;
  consent: boolean;
  onConsent: (yes: boolean) => void;
}) {
  return (
    <>
      <Typography
        id={id}
        component={heading}
        variant={heading === 'h3' ? 'h6' : 'subtitle1'}
        sx={{ mb: 1, ...(heading === 'h4' ? { fontWeight: 600 } : {}) }}
      >
        Terms &amp; Consent
      </Typography>
      <Typography sx={{ mb: 1 }}>{consentStatement(individual)}</Typography>
      <Typography sx={{ mb: heading === 'h3' ? 2 : 1 }}>{CONSENT_TERMS}</Typography>
      <FormControlLabel
        control={<Switch checked={consent} onChange={(e) => onConsent(e.target.checked)} />}
        label={consent ? 'Yes' : 'No'}
        aria-label="Terms & Consent"
      />
    </>
  );
}
