import { Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { canUseCountryInsights } from '@credence/domain';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { SUPPORT_EMAIL } from '@/features/ordering/wizard/pricing';
import { useAccountFacts } from '@/shared/session/account';

/** The carousel's previews (money 2.19), changing every 10 s (money 9). */
export const PREVIEWS = [
  { title: 'Country Insights', text: 'Every country in one table: verification times, fraud rates and institutions.' },
  { title: 'Verification Statistics', text: 'Average verification times and fraudulent verification rates next to the global averages.' },
  { title: 'Student Mobility Information', text: 'Where students of a country come from and where they go.' },
  { title: 'Macro-Level Information', text: 'Net migration and GDP per capita over the years.' },
  { title: 'Public Holiday Information', text: 'Public holidays per country and region, and which are being celebrated today.' },
  { title: 'Multiple World Map Views', text: 'World maps of verification times, fraudulent verifications and institutions.' },
] as const;
export const CAROUSEL_MS = 10_000;
export const CONTACT_US = `mailto:${SUPPORT_EMAIL}`;

/**
 * The Country Insight prompt (money 2.19; /countryinfoprompt) for users without access: what the page shows, a
 * Contact Us link and a carousel of previews. With access it leads to /countryinfo.
 */
export function CountryInsightPromptScreen() {
  const facts = useAccountFacts();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % PREVIEWS.length), CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [paused]);
  if (canUseCountryInsights(facts)) return <Navigate to="/countryinfo" replace />;
  const preview = PREVIEWS[index];
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h2">
        Country Insights
      </Typography>
      <Typography>
        Country Insights shows global information regarding all country turnaround times, fraudulent rates, public holidays and any ongoing event which may
        impact verification times.
      </Typography>
      <Typography>
        To get access, <Link href={CONTACT_US}>Contact Us</Link>.
      </Typography>
      <Card component="section" aria-roledescription="carousel" aria-label="Country Insights previews">
        <CardContent>
          <Box aria-live={paused ? 'polite' : 'off'} sx={{ minHeight: 96 }}>
            <Typography variant="h4" component="h3">
              {preview.title}
            </Typography>
            <Typography color="text.secondary">{preview.text}</Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
            <Button size="small" variant="outlined" onClick={() => setPaused((p) => !p)}>
              {paused ? 'Play' : 'Pause'}
            </Button>
            {PREVIEWS.map((p, i) => (
              <Button
                key={p.title}
                size="small"
                variant={i === index ? 'contained' : 'text'}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => {
                  setIndex(i);
                  setPaused(true);
                }}
              >
                {p.title}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
