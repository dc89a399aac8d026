import type { TimedEvent } from '../shared/decider';
import type { ApplicationEvent } from './application.events';
import type {
  Applicant,
  ApplicationDocument,
  ApplicationFieldValue,
  ApplicationStatus,
  ApplicationTemplate,
  Insight,
} from './application.types';

/** An application as its events leave it; also the read model's document, so it stays plain JSON. */
export interface ApplicationState {
  exists: boolean;
  id: string;
  status: ApplicationStatus;
  template: ApplicationTemplate;
  applicant: Applicant;
  customerReference: string | null;
  fields: Record<string, ApplicationFieldValue>;
  documents: ApplicationDocument[];
  verificationIds: string[];
  insights: Insight[];
  created: string;
  updated: string;
  submitted: string | null;
  completed: string | null;
  archived: string | null;
}

export const initialApplicationState = (): ApplicationState => ({
  exists: false,
  id: '',
  status: 'OPEN',
  template: {
    ownerId: '',
    ownerCompanyId: '',
    ownerName: '',
    template: 0,
    logo: null,
    description: null,
    applicantPays: true,
    lockedInstitutes: [],
    pricingScheme: null,
    allowedTypes: null,
    fields: [],
    documentRequirements: [],
  },
  applicant: { companyId: '', userId: '', username: '', firstname: '', lastname: '' },
  customerReference: null,
  fields: {},
  documents: [],
  verificationIds: [],
  insights: [],
  created: '',
  updated: '',
  submitted: null,
  completed: null,
  archived: null,
});

/** The state after one event, at the event's metadata time. */
export function evolveApplication(state: ApplicationState, event: TimedEvent<ApplicationEvent>): ApplicationState {
  const at = event.metadata.occurredAt;
  const s: ApplicationState = { ...state, updated: at };
  switch (event.type) {
    case 'ApplicationOpened': {
      const d = event.data;
      return { ...s, exists: true, id: d.applicationId, status: d.status, template: d.template, applicant: d.applicant, customerReference: d.customerReference, created: at };
    }
    case 'ApplicationDetailsSaved':
      return { ...s, fields: { ...s.fields, ...event.data.fields } };
    case 'ApplicationDocumentAdded':
      return { ...s, documents: [...s.documents, event.data.document] };
    case 'ApplicationDocumentRemoved':
      return { ...s, documents: s.documents.filter((d) => d.id !== event.data.documentId) };
    case 'ApplicationVerificationsSelected':
      return { ...s, verificationIds: event.data.verificationIds };
    case 'ApplicationSubmitted':
      return { ...s, status: event.data.status, verificationIds: event.data.verificationIds, submitted: at };
    case 'ApplicationProgressed':
      return { ...s, status: event.data.status };
    case 'ApplicationCompleted':
      return { ...s, status: event.data.status, insights: event.data.insights, completed: at };
    case 'ApplicationArchived':
      return { ...s, status: event.data.status, archived: at };
  }
}
