import { Button, Card, CardContent, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { FAQ_URLS } from '@/shared/config';
import { useAccountFacts } from '@/shared/session/account';

/** Spec 2.1 /faqs: the external FAQ page for the account kind, in a new tab. */
export function FaqsScreen() {
  const { isIndividual } = useAccountFacts();
  const href = isIndividual ? FAQ_URLS.individual : FAQ_URLS.organisation;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Frequently asked questions
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Answers for {isIndividual ? 'individuals' : 'organisations'} are kept on our help site.
        </Typography>
        <Button
          variant="contained"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew />}
        >
          Open the FAQs
        </Button>
      </CardContent>
    </Card>
  );
}
