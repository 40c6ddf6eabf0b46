import { useState, type FormEvent } from 'react';
import type { CatalogItem } from '@kiln/contracts';
import { catalogNameErrors } from '@kiln/domain';
import { ApiError, messageOf } from '../../api/client';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useRenameCatalogItem } from './useCatalog';

/** Spec 002 §5 (the domain's rule, as the service runs it): the trimmed name has at least 3 characters. */
export function catalogNameProblem(name: string): string | undefined {
  return catalogNameErrors(name)[0]?.message;
}

/** Rename (spec 002 §2): title Rename, a Name field, Save. */
export function RenameCatalogDialog({ item, onClose }: { item: CatalogItem; onClose: () => void }) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const rename = useRenameCatalogItem();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = catalogNameProblem(name);
    setError(problem);
    setFailure(undefined);
    if (problem) return;
    try {
      await rename.mutateAsync({ item, name: name.trim() });
      onClose();
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.status === 400) setError(thrown.body.errors?.[0]?.message ?? thrown.message);
      else setFailure(messageOf(thrown));
    }
  };

  return (
    <Dialog title="Rename" onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Name"
          autoFocus
          autoComplete="off"
          maxLength={200}
          value={name}
          errors={error}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(catalogNameProblem(event.target.value));
          }}
        />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" data-testid="rename-save" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
