export { ApplicationStatusChip, ResultChip, toneColor } from '@/shared/ui/result/ResultChip';
