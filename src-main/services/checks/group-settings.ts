import { groupSettingsById, withGroupSettings } from './group-members';
import type { ServiceContext } from '../context';
import type { CheckView } from './read-shape';

/** `applyGroupSettings=true`: member checks read as they run, with their group's settings applied; others unchanged. */
export async function applyGroupSettings(ctx: ServiceContext, views: CheckView[]): Promise<CheckView[]> {
  const groupIds = views.map((view) => view.groupId).filter((id): id is number => typeof id === 'number');
  if (groupIds.length === 0) return views;
  const { groups, account } = await groupSettingsById(ctx, groupIds);
  return views.map((view) => {
    const group = typeof view.groupId === 'number' ? groups.get(view.groupId) : undefined;
    return group ? withGroupSettings(view, group, account) : view;
  });
}
