import { componentNameProblems } from '@kiln/domain';
import { NameDialog } from '../ui/NameDialog';

interface ComponentNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** New Component and Rename: one name field, required ('This field is required', spec 001 §8), checked as the service checks it. */
export function ComponentNameDialog(props: ComponentNameDialogProps) {
  return <NameDialog {...props} problemsOf={componentNameProblems} testId="component-name" />;
}
