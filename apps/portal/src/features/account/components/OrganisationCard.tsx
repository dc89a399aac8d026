import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import { organisationErrors, type OrganisationValues } from '@/features/account/validation';
import { SectionCard } from '@/features/account/components/SectionCard';
import {
  searchCountries,
  searchIndustries,
  type Company,
  type Country,
  type Industry,
} from '@/features/company/api/company';
import { useCountryList, useIndustryList, useUpdateCompany } from '@/features/company/hooks/useCompany';
import { matchCountries, VAT_NOTE } from '@/features/company/countries';
import { FormStatus } from '@/shared/forms/FormStatus';
import { RemoteAutocomplete } from '@/shared/forms/RemoteAutocomplete';
import { useForm } from '@/shared/forms/useForm';
import { useNotify } from '@/shared/notifications/useNotify';

export const COMPANY_UPDATED = 'Your company details have been updated.';

/**
 * The account may name its country and industry by id only (or with a stale VAT flag): the cached reference lists
 * give the names and VAT, once each list has been read, for the values the card opened with.
 */
function useResolvedReferences(form: ReturnType<typeof useForm<OrganisationValues>>) {
  const { set } = form;
  const countries = useCountryList().data;
  const industries = useIndustryList().data;
  const opened = useRef({ country: form.values.country?.id, industry: form.values.industry?.id });
  // Not a fetch: the lists come from the query cache; this copies the matching entry into the form, once.
  useEffect(() => {
    const id = opened.current.country;
    const found = id ? countries?.find((c) => c.id === id) : undefined;
    if (!found) return;
    opened.current.country = undefined;
    set('country', found);
  }, [countries, set]);
  useEffect(() => {
    const id = opened.current.industry;
    const found = id !== undefined ? industries?.find((i) => i.id === id) : undefined;
    if (!found) return;
    opened.current.industry = undefined;
    set('industry', found);
  }, [industries, set]);
}

function toValues(c: Company): OrganisationValues {
  const country = c.addressCountry?.id
    ? ({
        vat: false,
        ...c.addressCountry,
        name: ('name' in c.addressCountry && c.addressCountry.name) || c.addressCountry.id,
      } as Country)
    : null;
  const industry =
    c.industry && c.industry.id !== undefined && c.industry.id !== null
      ? ({ ...c.industry, name: ('name' in c.industry && c.industry.name) || '' } as Industry)
      : null;
  return {
    name: c.name ?? '',
    addressStreet1: c.addressStreet1 ?? '',
    addressStreet2: c.addressStreet2 ?? '',
    addressStreet3: c.addressStreet3 ?? '',
    addressCity: c.addressCity ?? '',
    addressPostCode: c.addressPostCode ?? '',
    country,
    industry,
    vatId: c.vatId ?? '',
    restrictedUserView: !!c.restrictedUserView,
  };
}

/** Spec 2.11, 5.5 and 6.3: the organisation's details; admins edit them, everyone else reads them. */
export function OrganisationCard({
  company,
  admin,
  onSaved,
}: {
  company: Company;
  admin: boolean;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const save = useUpdateCompany();
  const saving = save.isPending;
  const form = useForm<OrganisationValues>(toValues(company), organisationErrors);
  const v = form.values;
  const readOnly = !admin;
  const ro = { input: { readOnly } };
  const countries = useCallback(
    async (text: string, signal: AbortSignal) => matchCountries(await searchCountries(text, signal), text),
    [],
  );
  useResolvedReferences(form);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt() || !v.country || !v.industry) return;
    try {
      await save.mutateAsync({
        name: v.name.trim(),
        addressStreet1: v.addressStreet1.trim() || null,
        addressStreet2: v.addressStreet2.trim() || null,
        addressStreet3: v.addressStreet3.trim() || null,
        addressCity: v.addressCity.trim() || null,
        addressPostCode: v.addressPostCode.trim() || null,
        addressCountry: { id: v.country.id },
        industry: { id: v.industry.id },
        vatId: v.country.vat ? v.vatId.trim() || null : null,
        restrictedUserView: v.restrictedUserView,
      });
      notify({ severity: 'success', message: COMPANY_UPDATED });
      onSaved();
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <SectionCard
      title="Organisation"
      description={
        admin
          ? 'Your organisation’s details, as they appear on invoices.'
          : 'Only an admin of your organisation can change these details.'
      }
    >
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.25 }}>
        <TextField
          id="org-name"
          label="Organisation name"
          required={admin}
          slotProps={ro}
          {...form.text('name')}
        />
        <TextField
          id="org-street1"
          label="Address line 1"
          autoComplete="address-line1"
          slotProps={ro}
          {...form.text('addressStreet1')}
        />
        <TextField
          id="org-street2"
          label="Address line 2"
          autoComplete="address-line2"
          slotProps={ro}
          {...form.text('addressStreet2')}
        />
        <TextField
          id="org-street3"
          label="Address line 3"
          autoComplete="address-line3"
          slotProps={ro}
          {...form.text('addressStreet3')}
        />
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            id="org-city"
            label="City"
            autoComplete="address-level2"
            slotProps={ro}
            {...form.text('addressCity')}
          />
          <TextField
            id="org-postcode"
            label="Post code"
            autoComplete="postal-code"
            slotProps={ro}
            {...form.text('addressPostCode')}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2.25 }}>
          <RemoteAutocomplete<Country>
            id="org-country"
            label="Country"
            required={admin}
            readOnly={readOnly}
            value={v.country}
            onChange={(c) => {
              form.choose('country', c);
            }}
            onBlur={() => form.touch('country')}
            search={countries}
            optionLabel={(c) => c.name}
            optionKey={(c) => c.id}
            optionDisabled={(c) => !!c.disabled}
            error={form.shown('country')}
          />
          <RemoteAutocomplete<Industry>
            id="org-industry"
            label="Industry"
            required={admin}
            readOnly={readOnly}
            value={v.industry}
            onChange={(i) => {
              form.choose('industry', i);
            }}
            onBlur={() => form.touch('industry')}
            search={searchIndustries}
            optionLabel={(i) => i.name}
            optionKey={(i) => i.id}
            error={form.shown('industry')}
          />
        </Box>
        {v.country?.vat && (
          <Box>
            {v.country.id !== 'GB' && (
              <Alert severity="info" role="note" sx={{ mb: 1.5 }}>
                {VAT_NOTE}
              </Alert>
            )}
            <TextField id="org-vat" label="VAT ID" slotProps={ro} {...form.text('vatId')} />
          </Box>
        )}
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={v.restrictedUserView}
                disabled={readOnly}
                onChange={(e) => form.set('restrictedUserView', e.target.checked)}
              />
            }
            label="Restricted User View"
            aria-describedby="org-restricted-help"
          />
          <FormHelperText id="org-restricted-help" sx={{ mt: -0.5 }}>
            Off: everyone in your organisation sees every verification. On: users see only their own, admins
            still see all.
          </FormHelperText>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Central Notification Email Address
          </Typography>
          <Typography>{company.callbackEmail || 'Not set'}</Typography>
          <FormHelperText>
            {company.callbackEmail
              ? 'All verification progress e-mails go to this address instead of to the submitting users.'
              : 'Verification progress e-mails go to the user who submitted each request. Contact us to set a central address.'}
          </FormHelperText>
        </Box>
        {admin && (
          <>
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
              <Button type="submit" variant="contained" loading={saving} disabled={saving || form.blocked}>
                Save
              </Button>
            </Stack>
            <FormStatus blocked={form.blocked} />
          </>
        )}
      </Box>
    </SectionCard>
  );
}
