export { DATE_FORMAT_HELP, DATE_INPUT_FORMAT, DateInput, dateProblem } from './DateInput';
export type { DateInputProps } from './DateInput';
