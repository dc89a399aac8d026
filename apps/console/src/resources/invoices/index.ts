import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { InvoiceList } from '@/resources/invoices/List';
import { InvoiceShow } from '@/resources/invoices/Show';

/** Invoices and receipts of every customer (read): GET /admin/invoices[/{id}] of the money area (issue 6). */
export const invoices: ResourceProps = {
  name: 'invoices',
  list: InvoiceList,
  show: InvoiceShow,
  icon: ReceiptLong,
  options: { label: 'Invoices' },
};
