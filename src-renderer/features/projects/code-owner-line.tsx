import { routeHref } from '../../lib/route-href';
import type { RouterOutputs } from '../../lib/trpc';

type CodeOwner = NonNullable<RouterOutputs['checks']['overview']['items'][number]['managedBy']>;

/** A Monitors row's second line for a monitor a project owns; plain elements, as the rest of the row (monitors-table.tsx). */
export function CodeOwnerLine({ owner }: { owner: CodeOwner }) {
  return (
    <div className="monitor-row-sub" data-testid="code-owner">
      Code:{' '}
      <a className="monitor-row-link" href={routeHref(`/projects/${owner.projectId}`)}>
        {owner.projectName}
      </a>
      {owner.sourceFile && (
        <>
          {' · '}
          <span className="monitor-row-mono">{owner.sourceFile}</span>
        </>
      )}
    </div>
  );
}
