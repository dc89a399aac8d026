import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadInvoicePdf, getInvoice } from '@/features/money/api/money';
import { saveFile } from '@/features/verifications/api/downloads';
import { queryKeys } from '@/shared/query/queryKeys';

/** The invoice view (money 2.14); an unknown id is an answer (404), not worth retrying. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: queryKeys.credit.invoice(id),
    queryFn: ({ signal }) => getInvoice(id, { signal }),
    retry: false,
  });
}

/** 'Download PDF': fetches the invoice's PDF with the session's headers and hands it to the browser. */
export function useDownloadInvoicePdf(id: string) {
  return useMutation({
    mutationFn: async () => saveFile(await downloadInvoicePdf(id)),
  });
}
