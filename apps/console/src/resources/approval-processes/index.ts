import Rule from '@mui/icons-material/Rule';
import type { ResourceProps } from 'react-admin';
import { ApprovalProcessCreate, ApprovalProcessEdit } from '@/resources/approval-processes/Edit';
import { ApprovalProcessList } from '@/resources/approval-processes/List';

export const approvalProcesses: ResourceProps = {
  name: 'approval-processes',
  list: ApprovalProcessList,
  edit: ApprovalProcessEdit,
  create: ApprovalProcessCreate,
  icon: Rule,
  options: { label: 'Approval processes' },
  recordRepresentation: 'name',
};
