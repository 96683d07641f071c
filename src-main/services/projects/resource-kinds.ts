import { AppError } from '../../core/errors';
import { AlertChannelCreate, AlertChannelUpdate } from '../../../src-shared/schemas/alert-channel';
import { CheckGroupCreate, CheckGroupUpdate } from '../../../src-shared/schemas/check-group';
import { CHECK_TYPE_MODULES, isRunType, RUN_TYPE_NAMES } from '../../../src-shared/check-types';
import type { AnyCheckWrite } from '../../../src-shared/schemas/check-common';
import { MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import { PrivateLocationCreate, PrivateLocationUpdate } from '../../../src-shared/schemas/private-location';
import { StatusPageInput } from '../../../src-shared/schemas/status-page-resource';
import { ServiceCreate } from '../../../src-shared/schemas/status-page';
import { createAlertChannel, deleteAlertChannelById, getAlertChannel, updateAlertChannel } from '../alert-channels';
import { createCheckGroup, deleteCheckGroupById, getCheckGroup, updateCheckGroup } from '../check-groups';
import { createAnyCheck, deleteCheckById, getCheck, updateAnyCheck } from '../checks';
import type { ServiceContext } from '../context';
import { createMaintenanceWindow, deleteMaintenanceWindow, getMaintenanceWindow, updateMaintenanceWindow } from '../maintenance-windows';
import { createPrivateLocation, deletePrivateLocationById, getPrivateLocation, updatePrivateLocationById } from '../private-locations';
import {
  createStatusPage,
  createStatusPageService,
  deleteStatusPageById,
  deleteStatusPageServiceById,
  getStatusPage,
  getStatusPageService,
  updateStatusPage,
  updateStatusPageService,
} from '../status-pages';
import { parseOrThrow } from '../validation';

type Payload = Record<string, unknown>;

/**
 * One kind of resource a deploy manages, through its entity's own service verbs (so every rule of
 * the REST API applies). Physical ids are returned as the entity's own id (a group's is a number).
 */
export interface ResourceKind {
  type: string;
  /** `id`: one reserved for it beforehand, where the kind takes one (a group a deploy staged checks in). */
  create(ctx: ServiceContext, payload: Payload, id?: number): Promise<string | number>;
  update(ctx: ServiceContext, id: string, payload: Payload): Promise<void>;
  remove(ctx: ServiceContext, id: string): Promise<void>;
  exists(ctx: ServiceContext, id: string): Promise<boolean>;
  /** The resource as its entity's GET answers it: compared before and after an update to tell a change from none. */
  read(ctx: ServiceContext, id: string): Promise<unknown>;
}

async function found(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return false;
    throw error;
  }
}

/** Checks Sightline runs; any other `checkType` refuses the whole deploy (see unsupported.ts). */
export const RUNNABLE_CHECK_TYPES = RUN_TYPE_NAMES;

/**
 * The code is the whole truth: a member the construct leaves out gets its default again rather
 * than keeping what an earlier deploy or the console stored (a PUT alone would merge over it).
 */
export function wholeCheck(payload: Payload): AnyCheckWrite {
  return (isRunType(payload.checkType) ? parseOrThrow(CHECK_TYPE_MODULES[payload.checkType].create, payload) : payload) as AnyCheckWrite;
}

const check: ResourceKind = {
  type: 'check',
  // Subscriptions are resources of their own in a deploy: nothing is subscribed by default.
  create: async (ctx, payload) => (await createAnyCheck(ctx, payload as AnyCheckWrite, { autoAssignAlerts: false })).id,
  update: async (ctx, id, payload) => void await updateAnyCheck(ctx, id, wholeCheck(payload)),
  remove: (ctx, id) => deleteCheckById(ctx, id),
  exists: (ctx, id) => found(() => getCheck(ctx, id)),
  read: (ctx, id) => getCheck(ctx, id),
};

const checkGroup: ResourceKind = {
  type: 'check-group',
  create: async (ctx, payload, id) => (await createCheckGroup(ctx, parseOrThrow(CheckGroupCreate, payload), { autoAssignAlerts: false, id })).id,
  update: async (ctx, id, payload) => void await updateCheckGroup(ctx, id, parseOrThrow(CheckGroupUpdate, parseOrThrow(CheckGroupCreate, payload))),
  remove: (ctx, id) => deleteCheckGroupById(ctx, id),
  exists: (ctx, id) => found(() => getCheckGroup(ctx, id)),
  read: (ctx, id) => getCheckGroup(ctx, id),
};

const alertChannel: ResourceKind = {
  type: 'alert-channel',
  create: async (ctx, payload) => (await createAlertChannel(ctx, parseOrThrow(AlertChannelCreate, payload))).id,
  update: async (ctx, id, payload) => void await updateAlertChannel(ctx, id, parseOrThrow(AlertChannelUpdate, payload)),
  remove: (ctx, id) => deleteAlertChannelById(ctx, id),
  exists: (ctx, id) => found(() => getAlertChannel(ctx, id)),
  read: (ctx, id) => getAlertChannel(ctx, id),
};

const privateLocation: ResourceKind = {
  type: 'private-location',
  create: async (ctx, payload) => (await createPrivateLocation(ctx, parseOrThrow(PrivateLocationCreate, payload))).id,
  update: async (ctx, id, payload) => void await updatePrivateLocationById(ctx, id, parseOrThrow(PrivateLocationUpdate, payload)),
  remove: (ctx, id) => deletePrivateLocationById(ctx, id),
  exists: (ctx, id) => found(() => getPrivateLocation(ctx, id)),
  read: (ctx, id) => getPrivateLocation(ctx, id),
};

const statusPageService: ResourceKind = {
  type: 'status-page-service',
  create: async (ctx, payload) => (await createStatusPageService(ctx, parseOrThrow(ServiceCreate, payload))).id,
  update: async (ctx, id, payload) => void await updateStatusPageService(ctx, id, parseOrThrow(ServiceCreate, payload)),
  remove: (ctx, id) => deleteStatusPageServiceById(ctx, id),
  exists: (ctx, id) => found(() => getStatusPageService(ctx, id)),
  read: (ctx, id) => getStatusPageService(ctx, id),
};

/** The CLI names a card's services by reference; the status page API takes `{id}`. */
function statusPageBody(payload: Payload): Payload {
  const cards = Array.isArray(payload.cards) ? payload.cards : [];
  return {
    ...payload,
    cards: cards.map((card: Payload) => ({
      ...card,
      services: Array.isArray(card.services) ? card.services.map((service: unknown) => (typeof service === 'string' ? { id: service } : service)) : card.services,
    })),
  };
}

const statusPage: ResourceKind = {
  type: 'status-page',
  create: async (ctx, payload) => (await createStatusPage(ctx, parseOrThrow(StatusPageInput, statusPageBody(payload)))).id,
  update: async (ctx, id, payload) => void await updateStatusPage(ctx, id, parseOrThrow(StatusPageInput, statusPageBody(payload))),
  remove: (ctx, id) => deleteStatusPageById(ctx, id),
  exists: (ctx, id) => found(() => getStatusPage(ctx, id)),
  // An update writes the cards afresh (new ids, new times): what a card shows is what is compared.
  read: async (ctx, id) => {
    const page = await getStatusPage(ctx, id);
    return { ...page, cards: page.cards.map((card) => ({ name: card.name, services: card.services })) };
  },
};

const maintenanceWindow: ResourceKind = {
  type: 'maintenance-window',
  create: async (ctx, payload) => (await createMaintenanceWindow(ctx, parseOrThrow(MaintenanceWindowCreate, payload))).id,
  update: async (ctx, id, payload) => void await updateMaintenanceWindow(ctx, id, parseOrThrow(MaintenanceWindowCreate, payload)),
  remove: (ctx, id) => deleteMaintenanceWindow(ctx, id),
  exists: (ctx, id) => found(() => getMaintenanceWindow(ctx, id)),
  read: (ctx, id) => getMaintenanceWindow(ctx, id),
};

/**
 * In the order a deploy applies them: what others reference comes first (locations and channels
 * before the groups and checks that use them, services before pages). Deletes go in reverse.
 */
export const RESOURCE_KINDS: readonly ResourceKind[] = [privateLocation, alertChannel, statusPageService, checkGroup, check, statusPage, maintenanceWindow];

export const KIND_BY_TYPE = new Map(RESOURCE_KINDS.map((kind) => [kind.type, kind]));

/** Resources a deploy folds into the check or group they name (Sightline stores them as members of it). */
export const FOLDED_TYPES = ['alert-channel-subscription', 'private-location-check-assignment', 'private-location-group-assignment'] as const;
