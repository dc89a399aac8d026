export {
  StepIndicator,
  VerificationProgress,
  verificationProgressSteps,
  type Step,
  type StepState,
} from '@/shared/ui/steps/StepIndicator';
