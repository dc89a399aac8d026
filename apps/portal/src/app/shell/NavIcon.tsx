import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddTaskOutlined from '@mui/icons-material/AddTaskOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TollOutlined from '@mui/icons-material/TollOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import type { SidebarEntry } from '@credence/domain';

const icons: Record<SidebarEntry, SvgIconComponent> = {
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  wallet: AccountBalanceWalletOutlined,
  newVerification: AddTaskOutlined,
  verificationHistory: HistoryOutlined,
  openApplications: AssignmentOutlined,
  referrals: GroupAddOutlined,
  pendingVerifications: PendingActionsOutlined,
  resolvedVerifications: TaskAltOutlined,
  applicants: PeopleOutlined,
  orderCredits: TollOutlined,
  buyCredit: CreditCardOutlined,
  invoices: ReceiptLongOutlined,
  receipts: ReceiptLongOutlined,
  analytics: InsightsOutlined,
  countryInsights: PublicOutlined,
  account: AccountCircleOutlined,
  faqs: HelpOutlineOutlined,
  logout: LogoutOutlined,
};

export function NavIcon({ name }: { name: SidebarEntry }) {
  const Icon = icons[name];
  return <Icon fontSize="small" />;
}
