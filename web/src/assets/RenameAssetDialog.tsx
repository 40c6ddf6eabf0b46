import { assetItemNameProblems, assetNameParts } from '@kiln/domain';
import { NameDialog } from '../ui/NameDialog';

interface RenameAssetDialogProps {
  /** The item's name, its extension included ("chair.stl"). */
  name: string;
  onSubmit: (nameWithoutExtension: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Rename of an image, vector graphic or 3D object (spec 001 §5): the name without its extension is edited and
 * required ('This field is required'); the extension is shown beside it and kept, the name trimmed (the domain's
 * rule, which the service applies too).
 */
export function RenameAssetDialog({ name, onSubmit, onClose }: RenameAssetDialogProps) {
  const { base, extension } = assetNameParts(name);
  return (
    <NameDialog
      title="Rename"
      submitLabel="Rename"
      initialName={base}
      problemsOf={assetItemNameProblems}
      hint={extension ? `The extension ${extension} is kept.` : undefined}
      testId="asset-name"
      submitTestId="asset-rename-submit"
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
