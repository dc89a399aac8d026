import { CREDIT_ORDER_MAX, CREDIT_ORDER_MIN } from '@credence/domain';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  orderCreditsDefaults,
  orderCreditsFormErrors,
  toCreditOrder,
  type OrderCreditsValues,
} from '@/features/money/components/orderCreditsForm';
import { useAccount } from '@/features/account/hooks/useAccount';
import { useOrderCredits } from '@/features/money/hooks/useCreditOrders';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { useNotify } from '@/shared/notifications/useNotify';
import { useSession } from '@/shared/session/useSession';

export const ORDER_NOT_SENT = 'Your order has NOT been sent. Please try again or contact us for help.';
export const ORDER_SENT_TEXT =
  'Your order for more credit has been sent to your account manager. You will be contacted by them shortly to complete your order.';

/** Order Credits for token accounts (money 2.12, 5): the form, then 'Order sent'. */
export function OrderCreditsScreen() {
  const { claims } = useSession();
  const notify = useNotify();
  const order = useOrderCredits();
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, getValues, setValue } = useRulesForm<OrderCreditsValues>({
    defaultValues: orderCreditsDefaults(claims?.sub ?? ''),
    validate: useCallback((v: OrderCreditsValues) => orderCreditsFormErrors(v), []),
  });
  // Name and Organisation start as the account has them (the user may change them); a field already typed in is
  // left alone. The e-mail is the signed-in username.
  const account = useAccount().data;
  useEffect(() => {
    if (!account) return;
    const name = `${account.firstname} ${account.lastname}`.trim();
    if (name && !getValues('name')) setValue('name', name);
    const org = account.company?.name ?? account.institute?.name;
    if (org && !getValues('org')) setValue('org', org);
  }, [account, getValues, setValue]);

  async function send(v: OrderCreditsValues) {
    try {
      await order.mutateAsync(toCreditOrder(v));
      setSent(true);
    } catch {
      notify({ severity: 'error', title: 'Error', message: ORDER_NOT_SENT });
    }
  }

  if (sent) {
    return (
      <Card sx={{ maxWidth: 720 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h5" component="h2">
              Order sent
            </Typography>
            <Typography>{ORDER_SENT_TEXT}</Typography>
            <Button component={RouterLink} to="/home" variant="outlined">
              Home
            </Button>
          </Stack>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h2">
          Order Credits
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Please fill out this form to order more credits. You will be contacted for payment.
        </Typography>
        <Box
          component="form"
          noValidate
          aria-label="Order Credits"
          onSubmit={(e) => void handleSubmit(send)(e)}
        >
          <Stack spacing={2.5}>
            <FormTextField control={control} name="name" label="Name" required autoComplete="name" />
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              autoComplete="email"
            />
            <FormTextField
              control={control}
              name="org"
              label="Organisation"
              required
              autoComplete="organization"
            />
            <FormTextField control={control} name="department" label="Department / Faculty" />
            <FormTextField
              control={control}
              name="toBuy"
              label="Number of credits"
              type="number"
              required
              slotProps={{ htmlInput: { min: CREDIT_ORDER_MIN, max: CREDIT_ORDER_MAX, step: 1, inputMode: 'numeric' } }}
              sx={{ maxWidth: 240 }}
            />
            <FormSubmitBar control={control} label="Order" loading={order.isPending} />
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
