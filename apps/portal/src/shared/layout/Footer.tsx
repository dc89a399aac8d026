import { Box, Link, Stack, Typography } from '@mui/material';
import { useApiVersion } from '@/features/info/hooks/useApiVersion';
import { APP_VERSION, FOOTER_LINKS, PRODUCT_NAME } from '@/shared/config';

/** Spec 1: links to the terms, privacy, cookie, data-protection and contact pages, the app and API versions. */
export function Footer() {
  const apiVersion = useApiVersion();
  return (
    <Box component="footer" sx={{ py: 3, px: 2, color: 'text.secondary' }}>
      <Stack
        component="nav"
        aria-label="Legal and contact"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 2.5, rowGap: 1, mb: 1.25 }}
      >
        {FOOTER_LINKS.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            color="text.secondary"
          >
            {link.label}
          </Link>
        ))}
      </Stack>
      <Typography variant="caption" component="p" sx={{ textAlign: 'center' }}>
        © {new Date().getFullYear()} {PRODUCT_NAME} · <span>App version {APP_VERSION}</span>
        {apiVersion !== null && (
          <>
            {' · '}
            <span>API version {apiVersion ?? '…'}</span>
          </>
        )}
      </Typography>
    </Box>
  );
}
