import type { Country, Industry } from '@/features/company/api/company';
import type { FormErrors } from '@/shared/forms/useForm';
import { email, required } from '@/shared/forms/validators';

export interface PersonValues extends Record<string, unknown> {
  username: string;
  firstname: string;
  lastname: string;
  phone: string;
  marketing: boolean;
  notifications: boolean;
  admin: boolean;
  customRoles: string[];
}

/** Spec 5.5: the account card and the edit-user dialog. Phone is required unless the account is an individual's. */
export function personErrors(v: PersonValues, individual: boolean): FormErrors<PersonValues> {
  return {
    firstname: required('First name', v.firstname),
    lastname: required('Last name', v.lastname),
    phone: individual ? undefined : required('Phone', v.phone),
  };
}

/** Spec 5.5: adding a user also needs a valid e-mail, and a phone. */
export function newUserErrors(v: PersonValues): FormErrors<PersonValues> {
  return {
    username: email('Email', v.username),
    firstname: required('First name', v.firstname),
    lastname: required('Last name', v.lastname),
    phone: required('Phone', v.phone),
  };
}

export interface OrganisationValues extends Record<string, unknown> {
  name: string;
  addressStreet1: string;
  addressStreet2: string;
  addressStreet3: string;
  addressCity: string;
  addressPostCode: string;
  country: Country | null;
  industry: Industry | null;
  vatId: string;
  restrictedUserView: boolean;
}

/** Spec 5.5: the organisation form (admins). */
export function organisationErrors(v: OrganisationValues): FormErrors<OrganisationValues> {
  return {
    name: required('Organisation name', v.name),
    country: required('Country', v.country),
    industry: required('Industry', v.industry),
  };
}

export interface PasswordChange extends Record<string, unknown> {
  current: string;
  password: string;
  confirm: string;
}
