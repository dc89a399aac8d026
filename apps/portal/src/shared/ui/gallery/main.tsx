import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '@/app/theme';
import { Gallery } from '@/shared/ui/gallery/Gallery';

// A development page for looking at the building blocks (npm run dev, then /src/shared/ui/gallery/index.html);
// it is not an entry of the production build.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Gallery />
      </ThemeProvider>
    </StrictMode>,
  );
}
