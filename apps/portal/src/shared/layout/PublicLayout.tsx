import { Box, Stack, Typography } from '@mui/material';
import { Outlet, useMatches } from 'react-router';
import { TOP_ANCHOR_ID } from '@/app/useScrollToTop';
import { Footer } from '@/shared/layout/Footer';
import { Logo } from '@/shared/layout/Logo';
import { PublicContextProvider, usePublicContext } from '@/shared/public/PublicContext';
import { routeHandle } from '@/shared/routing/routeHandle';

/** The wrapper of every public screen: the brand on a navy band, the screen's card(s) centred, the footer. */
export function PublicLayout() {
  return (
    <PublicContextProvider>
      <PublicFrame />
    </PublicContextProvider>
  );
}

function PublicFrame() {
  const wide = routeHandle(useMatches())?.wide ?? false;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', position: 'relative' }}>
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: '0 0 auto 0',
          height: { xs: 230, sm: 300 },
          background: 'linear-gradient(150deg, #101c3d 0%, #16264f 45%, #1f3a7a 100%)',
          overflow: 'hidden',
          '&::after': {
            content: '""',
            position: 'absolute',
            width: 520,
            height: 520,
            right: -160,
            top: -260,
            borderRadius: '50%',
            background: 'radial-gradient(circle, rgba(20,184,166,0.28) 0%, rgba(20,184,166,0) 70%)',
          },
        }}
      />
      <Box
        component="header"
        id={TOP_ANCHOR_ID}
        sx={{ position: 'relative', textAlign: 'center', pt: { xs: 4, sm: 6 }, pb: { xs: 3, sm: 4 }, px: 2 }}
      >
        <Logo tone="light" height={40} />
        <CoBranding />
        <Typography
          sx={{ mt: 1.5, color: 'rgba(255,255,255,0.78)', fontSize: { xs: '0.9rem', sm: '0.95rem' } }}
        >
          Trusted verification of credentials, employment history and identity
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{ position: 'relative', flex: 1, display: 'flex', justifyContent: 'center', px: 2 }}
      >
        <Box
          sx={{
            width: '100%',
            maxWidth: wide ? 920 : 448,
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
          }}
        >
          <Outlet />
        </Box>
      </Box>
      <Footer />
    </Box>
  );
}

/** Spec 1: a partner logo 'In partnership with', an owner logo 'On behalf of'. */
function CoBranding() {
  const { branding } = usePublicContext();
  if (!branding.ownerLogo && !branding.partnerLogo) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 1.5 }}>
      {branding.ownerLogo && (
        <BrandLogo caption="On behalf of" src={branding.ownerLogo} name={branding.ownerName} />
      )}
      {branding.partnerLogo && (
        <BrandLogo caption="In partnership with" src={branding.partnerLogo} name={branding.partnerName} />
      )}
    </Stack>
  );
}

function BrandLogo({ caption, src, name }: { caption: string; src: string; name?: string | null }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        bgcolor: '#fff',
        borderRadius: 1.5,
        px: 1.5,
        py: 0.75,
      }}
    >
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
      <Box
        component="img"
        src={src}
        // 'In partnership with Credence Partners', read on from the caption; the logo's kind when its name is unknown.
        alt={name || `${caption} logo`}
        sx={{ height: 28, maxWidth: 140, objectFit: 'contain' }}
      />
    </Box>
  );
}
