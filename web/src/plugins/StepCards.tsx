import type { PluginAction } from '@kiln/contracts';
import { formatDuration, formatTime, STATUS_LABELS, STEP_LABELS } from './plugin-texts';
import { ActionStatusIcon } from './PluginParts';

/** The steps in their order (the contracts' PLUGIN_STEPS; values from the barrel stay out of the web app). */
export const PLUGIN_STEPS = ['unzip', 'install', 'build', 'grab', 'deploy'] as const;

/** Spec 001 §4: progress counts the consecutive successful steps in the order unzip … deploy. */
export function pipelineProgress(actions: Pick<PluginAction, 'action' | 'status'>[]): number {
  let n = 0;
  for (const name of PLUGIN_STEPS) {
    if (actions.find((a) => a.action === name)?.status !== 'success') break;
    n += 1;
  }
  return n;
}

/** The five pipeline steps with status, and for finished ones the duration in seconds and the finish time. */
export function StepCards({ actions, compact = false }: { actions: PluginAction[]; compact?: boolean }) {
  const progress = pipelineProgress(actions);
  return (
    <div className={`step-cards ${compact ? 'step-cards--compact' : ''}`}>
      <p className="step-progress" data-testid="step-progress">
        {progress} of 5 steps done
      </p>
      <ol className="step-list" aria-label="Pipeline steps">
        {PLUGIN_STEPS.map((name) => {
          const action = actions.find((a) => a.action === name);
          const status = action?.status ?? 'pending';
          const finished = status === 'success' || status === 'failed';
          return (
            <li key={name} className={`step-card step-card--${status}`} data-testid="step-card" data-step={name} data-status={status}>
              <span className="step-icon">
                <ActionStatusIcon status={status} />
              </span>
              <span className="step-name">{STEP_LABELS[name]}</span>
              <span className="step-status">{STATUS_LABELS[status]}</span>
              {!compact && finished && (
                <span className="step-times">
                  <span data-testid="step-duration">{formatDuration(action?.duration)}</span>
                  <span className="muted"> · finished {formatTime(action?.finnishAt)}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
