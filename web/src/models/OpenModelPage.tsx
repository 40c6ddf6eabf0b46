import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { modelPagesApi } from '../api/model-pages';
import { messageOf } from '../api/client';
import { CubeIcon } from '../ui/icons';
import { GEOMETRY_TEXTS } from '../model-geometry/geometry-texts';

const MODES = {
  edit: { title: 'Editor', text: 'The 3D editor comes in a later step.' },
  safeMode: { title: 'Editor (safe mode)', text: 'The 3D editor, with safe mode, comes in a later step.' },
  configurator: { title: 'Configurator', text: 'The configurator comes in a later step.' },
} as const;

/**
 * /workspace/edit/{id} (safe mode, configurator): the editor comes later; this page names the model and the
 * caller's role on it (GET /api/workspace/model/accessibility/{id}, then the model). The viewer is /embed/{id}
 * (web/src/viewer, ADR 0054).
 */
export function OpenModelPage({ mode }: { mode: 'edit' }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const which = params.get('safeMode') === 'true' ? 'safeMode' : params.get('configurator') === 'true' ? 'configurator' : mode;
  const access = useQuery({ queryKey: ['model-access', id], queryFn: () => modelPagesApi.accessibility(id), enabled: Boolean(id), retry: false });
  const model = useQuery({ queryKey: ['model', id], queryFn: () => modelPagesApi.get(id), enabled: access.isSuccess, retry: false });
  const { title, text } = MODES[which];
  const allowed = access.data ? access.data.can[which] : undefined;

  return (
    <section className="coming-soon open-model" aria-labelledby="open-model-title" data-testid="open-model">
      <div className="empty-art" aria-hidden="true">
        <CubeIcon size={44} />
      </div>
      <h1 id="open-model-title">{title}</h1>
      {access.isPending && <p role="status">Loading…</p>}
      {access.isError && <p role="alert">{messageOf(access.error)}</p>}
      {access.data && (
        <>
          <p className="open-model-name" data-testid="open-model-name">
            {model.data?.name ?? 'This model'}
          </p>
          <p>
            Your role: <strong data-testid="open-model-role">{access.data.userRole}</strong>
          </p>
          {allowed === false ? <p role="alert">Your role does not allow opening it this way.</p> : <p>{text}</p>}
          <p>
            {GEOMETRY_TEXTS.inViewer}{' '}
            <Link to={`/embed/${encodeURIComponent(id)}`} data-testid="open-model-viewer">
              {GEOMETRY_TEXTS.openViewer}
            </Link>
          </p>
        </>
      )}
      <p>
        <Link to="/">Back to My Models</Link>
      </p>
    </section>
  );
}

/** /workspace: the workspace app itself comes later. */
export function WorkspacePage() {
  return (
    <section className="coming-soon open-model" aria-labelledby="workspace-title" data-testid="open-model">
      <div className="empty-art" aria-hidden="true">
        <CubeIcon size={44} />
      </div>
      <h1 id="workspace-title">Workspace</h1>
      <p>The 3D editor comes in a later step. Open a model from My Models to see what you may do with it.</p>
      <p>
        <Link to="/">Back to My Models</Link>
      </p>
    </section>
  );
}
