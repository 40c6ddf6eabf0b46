import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { teamAllows } from '@kiln/domain';
import type { Project } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { MyModelsPage } from '../models/MyModelsPage';
import { formatDate } from '../models/ModelItem';
import { preloadOn } from '../ui/lazy';
import { Menu, MenuItem } from '../ui/Menu';
import { DotsIcon, PlusIcon } from '../ui/icons';
import { DeleteByNameDialog, LazyDialog, NewProjectForm, preloadTeamDialogs, ProjectSettingsDialog } from './lazy-dialogs';
import { TEAM_TEXTS } from './team-texts';
import { useProjectOutlet, useTeamOutlet } from './TeamScope';
import { useDeleteProject, useProjects } from './useTeamEdits';

/** 'New Project': a popover under the button with the name form; Escape or a click outside closes it. */
function NewProjectPopover({ teamId, allowed }: { teamId: string; allowed: boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape and blur bubbling from the controls inside
    <div
      className="popover-root"
      ref={root}
      // Tabbing out of the popover closes it (it is not modal: focus is free to move on).
      onBlur={(event) => {
        const to = event.relatedTarget as HTMLElement | null;
        // A modal dialog it opened (the chunk failed to load) is part of it.
        if (open && to && !root.current?.contains(to) && !to.closest('[aria-modal="true"]')) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-primary"
        data-testid="new-project-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={!allowed}
        title={allowed ? undefined : 'Only the team’s owner and editors can create projects'}
        {...preloadOn(preloadTeamDialogs)}
        onClick={() => setOpen((value) => !value)}
      >
        <PlusIcon size={18} /> New Project
      </button>
      {open && (
        <div className="popover" id={panelId} role="dialog" aria-label="New Project">
          <LazyDialog title="New Project" onClose={close}>
            <NewProjectForm teamId={teamId} onClose={close} />
          </LazyDialog>
        </div>
      )}
    </div>
  );
}

type ProjectDialog = { kind: 'settings' | 'delete'; project: Project } | null;

function ProjectCard({
  project,
  teamId,
  canEdit,
  canDelete,
  onAction,
}: {
  project: Project;
  teamId: string;
  canEdit: boolean;
  canDelete: boolean;
  onAction: (dialog: ProjectDialog) => void;
}) {
  return (
    <li className="project-card" data-testid="project-card" data-project-id={project.id} data-project-name={project.name}>
      <div className="project-card-text">
        <Link className="project-name" to={`/${teamId}/${project.id}`}>
          {project.name}
        </Link>
        {project.description && <p className="project-description">{project.description}</p>}
        <span className="model-meta">
          Updated <time dateTime={project.updatedAt}>{formatDate(project.updatedAt)}</time>
        </span>
      </div>
      {(canEdit || canDelete) && (
        <Menu
          label={`Actions for ${project.name}`}
          trigger={(props) => (
            <button
              type="button"
              className="icon-btn"
              aria-label={`Actions for ${project.name}`}
              data-testid="project-menu-button"
              {...preloadOn(preloadTeamDialogs)}
              {...props}
            >
              <DotsIcon />
            </button>
          )}
        >
          {(close) => (
            <>
              {canEdit && (
                <MenuItem
                  testId="project-settings"
                  onSelect={() => {
                    close();
                    onAction({ kind: 'settings', project });
                  }}
                >
                  Settings
                </MenuItem>
              )}
              {canDelete && (
                <MenuItem
                  testId="project-delete"
                  danger
                  onSelect={() => {
                    close();
                    onAction({ kind: 'delete', project });
                  }}
                >
                  Delete
                </MenuItem>
              )}
            </>
          )}
        </Menu>
      )}
    </li>
  );
}

/** `/{teamId}`: the team's project cards and 'New Project' (spec 001 §2), then the team's models (spec 000 §2). */
export function TeamPage() {
  const { team } = useTeamOutlet();
  const projects = useProjects(team.id);
  const remove = useDeleteProject();
  const [dialog, setDialog] = useState<ProjectDialog>(null);
  const closeDialog = () => setDialog(null);
  const list = projects.data?.data ?? team.projects;

  return (
    <div className="team-page">
      <section className="projects-section" aria-labelledby="team-title">
        <div className="page-header">
          <div>
            <h1 id="team-title" data-testid="team-title">
              {team.name}
            </h1>
            {team.description && <p className="page-sub">{team.description}</p>}
            {team.userRole === 'owner' && (
              <p className="page-sub">
                <Link to={`/settings/tokens?team=${team.id}`} data-testid="team-tokens-link">
                  Team access tokens
                </Link>
              </p>
            )}
          </div>
          <NewProjectPopover teamId={team.id} allowed={teamAllows(team.userRole, 'project.create')} />
        </div>
        <h2 className="section-title">Projects</h2>
        {projects.isError && !projects.data && team.projects.length === 0 ? (
          <p className="form-error" role="alert">
            {messageOf(projects.error)}
          </p>
        ) : list.length === 0 ? (
          <p className="projects-empty" data-testid="projects-empty">
            {TEAM_TEXTS.noProjects}
          </p>
        ) : (
          <ul className="project-cards" aria-label="Projects">
            {list.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                teamId={team.id}
                canEdit={teamAllows(team.userRole, 'project.update')}
                canDelete={teamAllows(team.userRole, 'project.delete')}
                onAction={setDialog}
              />
            ))}
          </ul>
        )}
      </section>

      <MyModelsPage scope={{ teamId: team.id }} canCreate={teamAllows(team.userRole, 'model.create')} title="Models" />

      {dialog?.kind === 'settings' && (
        <LazyDialog title="Project settings" onClose={closeDialog}>
          <ProjectSettingsDialog project={dialog.project} onClose={closeDialog} />
        </LazyDialog>
      )}
      {dialog?.kind === 'delete' && (
        <LazyDialog title="Delete project" onClose={closeDialog}>
          <DeleteByNameDialog
            title="Delete project"
            what="project"
            name={dialog.project.name}
            onConfirm={() => remove.mutateAsync({ id: dialog.project.id, teamId: team.id })}
            onClose={closeDialog}
          />
        </LazyDialog>
      )}
    </div>
  );
}

/** `/{teamId}/{projectId}`: the project's name and description, then its models; New Model needs owner or editor. */
export function ProjectPage() {
  const { team, project } = useProjectOutlet();
  return (
    <div className="team-page">
      <div className="page-header">
        <div>
          <h1 data-testid="project-title">{project.name}</h1>
          {project.description && (
            <p className="page-sub" data-testid="project-description">
              {project.description}
            </p>
          )}
        </div>
      </div>
      <MyModelsPage scope={{ teamId: team.id, projectId: project.id }} canCreate={teamAllows(team.userRole, 'model.create')} title="Models" />
    </div>
  );
}
