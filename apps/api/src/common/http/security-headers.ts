import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Hosts of Braintree's drop-in card form (money 2.10), loaded only when BRAINTREE_* is configured: its script,
 * its hosted-field frames and styles, its API and analytics calls, and the 3-D Secure challenge (Cardinal Commerce).
 * Braintree's published CSP list; the embedded sandbox form needs none of them.
 */
const BRAINTREE = {
  script: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com', 'https://songbird.cardinalcommerce.com'],
  style: ['https://assets.braintreegateway.com'],
  img: ['https://assets.braintreegateway.com'],
  frame: ['https://assets.braintreegateway.com', 'https://*.cardinalcommerce.com'],
  connect: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://*.braintree-api.com',
    'https://*.cardinalcommerce.com',
  ],
};

/** The Content-Security-Policy of every response (portal, console, API, /docs), as helmet's directives. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  // No inline script anywhere: Vite's builds load only external modules (a test checks the built index.html).
  scriptSrc: ["'self'", ...BRAINTREE.script],
  scriptSrcAttr: ["'none'"],
  // 'unsafe-inline' for styles, deliberately: MUI's emotion (and react-admin's) inject <style> tags at run time,
  // and a nonce would need a per-response index.html and an emotion cache told the nonce. Styles cannot run
  // script, and script-src stays strict, which is what guards the session token.
  styleSrc: ["'self'", "'unsafe-inline'", ...BRAINTREE.style],
  // data: for the inline SVG QR code and logos sent as data URLs; blob: for PDFs and spreadsheets read in the page.
  imgSrc: ["'self'", 'data:', 'blob:', ...BRAINTREE.img],
  fontSrc: ["'self'", 'data:'],
  // The charts and the coverage map are SVG drawn by the bundle from 'self' data: nothing external to allow.
  connectSrc: ["'self'", ...BRAINTREE.connect],
  // blob: frames show a verification's PDFs in the browser's own viewer (View Verification).
  frameSrc: ["'self'", 'blob:', ...BRAINTREE.frame],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  // Nothing of Credence is meant to be embedded in another site's frame (clickjacking of Pay or Resolve).
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Browser hardening for every response (issue 19): the CSP above, X-Frame-Options DENY for old browsers,
 * Referrer-Policy no-referrer (the public resolve and share pages carry their secret key in the URL, so no
 * Referer may take it to a third party), X-Content-Type-Options nosniff, and HSTS only when configured
 * (HSTS_MAX_AGE, behind TLS: on plain http it would lock browsers out of a local install).
 */
export function securityHeaders(options: { hstsMaxAge: number }): RequestHandler {
  const hsts = options.hstsMaxAge > 0;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: hsts ? [] : null },
    },
    crossOriginEmbedderPolicy: false,
    // The drop-in's windows (3-D Secure) talk back to the page through window.opener/postMessage.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: hsts ? { maxAge: options.hstsMaxAge, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    originAgentCluster: true,
    xXssProtection: false,
  }) as RequestHandler;
}
