import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Collapse,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CheckRounded from '@mui/icons-material/CheckRounded';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RegistrationKind } from '@credence/domain';

export type { RegistrationKind };

/** Spec 1: what the registration chooser advertises for each kind of account. */
const ORGANISATION_FEATURES = [
  'A Verifications Dashboard covering all your checked employees, applicants and candidates',
  'A management-information analytics platform',
  'Pay by card or by invoice (subject to terms)',
  'Account organisation structures with user access rights',
  'Checks done by your in-house team or by the candidate',
  'The option to pass costs on to the candidate',
];
const INDIVIDUAL_FEATURES = [
  'Pay per verification by card',
  'A progress update within 48 hours',
  "A digital certificate and a 'Verified Wallet'",
  'A Sharing Centre to share your credentials publicly or privately',
  'Online chat support',
];

interface ChoiceStepProps {
  /** The hash register-as-individual hides the organisation card (spec 2.7). */
  individualOnly: boolean;
  onChoose: (kind: RegistrationKind) => void;
}

/** Spec 2.7: the choice between an organisation and an individual account. */
export function ChoiceStep({ individualOnly, onChoose }: ChoiceStepProps) {
  return (
    <>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
            Create your free account
          </Typography>
          <Typography color="text.secondary">
            We hold records at over 50,000 institutes across 195+ countries, with support in 18 languages.
            Tell us who the account is for.
          </Typography>
        </CardContent>
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: individualOnly ? '1fr' : '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        {!individualOnly && (
          <ChoiceCard
            icon={<ApartmentOutlined />}
            title="Register as an organisation"
            summary="For employers, recruiters and universities verifying the credentials of candidates, employees and applicants."
            features={ORGANISATION_FEATURES}
            onContinue={() => onChoose('C')}
          />
        )}
        <ChoiceCard
          icon={<PersonOutline />}
          title="Register as an individual"
          summary="Verify your own credentials, keep the results in your Verified Wallet and share them with whoever needs them."
          features={INDIVIDUAL_FEATURES}
          onContinue={() => onChoose('I')}
        />
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </>
  );
}

interface ChoiceCardProps {
  icon: ReactNode;
  title: string;
  summary: string;
  features: string[];
  onContinue: () => void;
}

function ChoiceCard({ icon, title, summary, features, onContinue }: ChoiceCardProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Card
      component="section"
      aria-label={title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ p: { xs: 3, sm: 3.5 }, flex: 1 }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(31,58,122,0.08)',
            color: 'primary.main',
            mb: 2,
          }}
        >
          {icon}
        </Box>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
        <Collapse in={open} id={detailsId}>
          <List dense sx={{ mt: 1.5 }}>
            {features.map((f) => (
              <ListItem key={f} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 28, mt: 0.25 }}>
                  <CheckRounded fontSize="small" color="secondary" />
                </ListItemIcon>
                <ListItemText primary={f} />
              </ListItem>
            ))}
          </List>
        </Collapse>
      </CardContent>
      <CardActions sx={{ px: { xs: 3, sm: 3.5 }, pb: 3, pt: 0, gap: 1, justifyContent: 'space-between' }}>
        <Button onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={detailsId}>
          {open ? 'Close' : 'Learn more'}
        </Button>
        <Button variant="contained" onClick={onContinue} aria-label={`Continue: ${title}`}>
          Continue
        </Button>
      </CardActions>
    </Card>
  );
}
