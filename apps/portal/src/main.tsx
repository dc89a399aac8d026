import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { createAppRouter } from '@/app/router';
import { partnerLoginRedirect } from '@/shared/public/partnerLogin';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Access 2.1: a partner's login lives on the alternative-branded host; the portal does not start here for it.
const partnerLogin = partnerLoginRedirect(window.location);
if (partnerLogin) {
  window.location.replace(partnerLogin);
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
