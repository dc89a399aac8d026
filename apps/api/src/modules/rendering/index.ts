// The rendering module's public face: what other modules may import.
export { CertificateService } from './certificates/certificate.service';
export { mergeWithBookmarks } from './pdf/pdf-finishing';
