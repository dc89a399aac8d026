import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentCard } from '@/features/ordering/components/DocumentsSection';
import type { DocValue } from '@/features/ordering/wizard/model';

const doc = (over: Partial<DocValue>): DocValue => ({
  key: 'doc-1',
  requirementId: 'req-1',
  name: 'Institute Consent Form',
  type: 'CONSENT_INSTITUTE',
  required: true,
  description: null,
  template: 'https://files.example/consent-template.pdf',
  filename: null,
  data: null,
  size: 0,
  serverId: null,
  ...over,
});

const card = (d: DocValue, individual: boolean) =>
  render(
    <DocumentCard
      doc={d}
      state={{ progress: null, error: null }}
      requiredError={undefined}
      canAdd
      canDelete
      individual={individual}
      onFile={() => undefined}
      onDelete={() => undefined}
    />,
  );

describe("'Download & Sign' (verifications 2.6): on consent templates, for individuals", () => {
  it('offers the consent form template to an individual', () => {
    card(doc({}), true);
    expect(screen.getByRole('link', { name: 'Download & Sign' })).toHaveAttribute(
      'href',
      'https://files.example/consent-template.pdf',
    );
  });

  it('not to an organisation, nor for a template that is not a consent form', () => {
    const organisation = card(doc({}), false);
    expect(screen.queryByRole('link', { name: 'Download & Sign' })).not.toBeInTheDocument();
    organisation.unmount();
    card(doc({ name: 'Transcript request', type: 'TRANSCRIPT' }), true);
    expect(screen.queryByRole('link', { name: 'Download & Sign' })).not.toBeInTheDocument();
  });
});
