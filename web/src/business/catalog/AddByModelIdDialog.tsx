import { useState, type FormEvent } from 'react';
import type { CatalogModelLookup } from '@kiln/contracts';
import { MODEL_ID_HINT } from '@kiln/contracts/constants';
import { normalizeModelId } from '@kiln/domain';
import { ApiError, messageOf } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { catalogApi, scopeWhere } from '../business-api';
import type { BusinessScope } from '../business-scope';
import { BUSINESS_TEXTS } from '../business-texts';
import { ModelPicture } from './CatalogEntry';
import { useAddCatalogItem } from './useCatalog';

/**
 * Add by model ID (spec 002 §2, §5, §8): 'Enter Model ID', Next looks the model up; a wrong id or a missing model
 * and a model I may not view show their field messages, any other failure the server's message in a red Error
 * alert. Then a preview with Add now (price 0) and a View model that is not offered yet.
 */
export function AddByModelIdDialog({ scope, onClose }: { scope: BusinessScope; onClose: () => void }) {
  const [modelId, setModelId] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [pending, setPending] = useState(false);
  const [found, setFound] = useState<CatalogModelLookup>();
  const [key] = useState(newIdempotencyKey);
  const add = useAddCatalogItem();

  const next = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(undefined);
    const id = normalizeModelId(modelId);
    if (!id) return setFieldError(BUSINESS_TEXTS.modelIdWrong);
    setFieldError(undefined);
    setPending(true);
    try {
      setFound(await catalogApi.lookup(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setFieldError(BUSINESS_TEXTS.modelViewDenied);
      else if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        setFieldError(error.message === BUSINESS_TEXTS.modelViewDenied ? error.message : BUSINESS_TEXTS.modelIdWrong);
      else setAlert(messageOf(error));
    } finally {
      setPending(false);
    }
  };

  const addNow = async () => {
    if (!found) return;
    setAlert(undefined);
    try {
      await add.mutateAsync({ key, item: { modelId: found.model.id, name: found.model.name, price: 0, ...scopeWhere(scope) } });
      onClose();
    } catch (error) {
      setAlert(messageOf(error));
    }
  };

  const errorAlert = alert && (
    <div className="alert alert--error" role="alert" data-testid="model-id-alert">
      <strong>Error</strong>
      <p>{alert}</p>
    </div>
  );

  if (found) {
    return (
      <Dialog title="Enter Model ID" onClose={onClose}>
        <div className="form">
          <div className="lookup-preview" data-testid="model-preview">
            <ModelPicture id={found.model.id} preview={found.model.preview} name={found.model.name} />
            <div>
              <p className="lookup-name">{found.model.name}</p>
              <p className="muted">{found.model.author.fullName || BUSINESS_TEXTS.unknownAuthor}</p>
              {found.alreadyInCatalog && (
                <p className="role-tag" data-testid="already-added">
                  Added
                </p>
              )}
            </div>
          </div>
          {errorAlert}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" aria-disabled="true" disabled title="Opening models from the catalog comes with the editor">
              View model
            </button>
            <button type="button" className="btn btn-primary" data-testid="add-now" disabled={add.isPending} onClick={addNow}>
              {add.isPending ? 'Adding…' : 'Add now'}
            </button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Enter Model ID" onClose={onClose}>
      <form className="form" noValidate onSubmit={next}>
        <TextField
          label="Model ID"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="M20250000000"
          maxLength={100}
          value={modelId}
          errors={fieldError}
          hint={MODEL_ID_HINT}
          data-testid="model-id-input"
          onChange={(event) => setModelId(event.target.value)}
        />
        {errorAlert}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" data-testid="model-id-next" disabled={pending}>
            {pending ? 'Looking…' : 'Next'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
