import type {
  NotificationKind,
  NotificationSettings,
  PushPublicKey,
  PushSubscriptionInput,
  PushUnsubscribeInput,
} from '@funkis/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import {
  currentPermission,
  currentSubscription,
  type PushPermission,
  subscribeThisDevice,
  subscriptionInput,
} from '../lib/push-device';

/**
 * Web push's cache keys (decision 030): the caller's choice per kind of notice, the server's public key, and this
 * device's state as the browser sees it. Here rather than in lib/query-keys.ts, which is part of every page's first
 * script: only this lazy section reads them.
 */
export const pushKeys = {
  settings: () => ['push', 'settings'] as const,
  publicKey: () => ['push', 'public-key'] as const,
  device: () => ['push', 'device'] as const,
};

/** GET /api/account/notifications: per kind of notice, whether it may come by push. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  apiClient.get<NotificationSettings>('/account/notifications', { signal });

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.settings(), queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** POST /api/account/notifications with one kind; the answer is every kind as saved. */
export function useSaveNotificationChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['push', 'settings', 'save'],
    mutationFn: ({ kind, push }: { kind: NotificationKind; push: boolean }) =>
      apiClient.post<NotificationSettings>('/account/notifications', { notifications: { [kind]: { push } } }),
    onSuccess: ({ notifications }) => {
      if (notifications) queryClient.setQueryData(pushKeys.settings(), { notifications });
      else return queryClient.invalidateQueries({ queryKey: pushKeys.settings() });
    },
  });
}

/** This device as the browser sees it: the permission given and the subscription of the app's worker. */
export interface DeviceState {
  permission: PushPermission;
  subscribed: boolean;
}

async function readDevice(): Promise<DeviceState> {
  const permission = currentPermission();
  if (permission === 'unsupported') return { permission, subscribed: false };
  const subscription = await currentSubscription();
  return { permission, subscribed: subscription !== null && permission === 'granted' };
}

export function useDeviceState() {
  return useQuery(queryOptions({ queryKey: pushKeys.device(), queryFn: readDevice, staleTime: 0, retry: false }));
}

const getPublicKey = () => apiClient.get<PushPublicKey>('/push/public-key');

/**
 * Turns push on here: asks for permission, subscribes with the server's key and hands the subscription to the
 * server. A subscription the server refused is taken back, so the browser and the server agree.
 */
export function useTurnOnDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['push', 'device', 'on'],
    mutationFn: async () => {
      const { publicKey } = await queryClient.fetchQuery({ queryKey: pushKeys.publicKey(), queryFn: getPublicKey });
      const subscription = await subscribeThisDevice(publicKey);
      try {
        await apiClient.post<object>(
          '/push/subscriptions',
          subscriptionInput(subscription) satisfies PushSubscriptionInput,
        );
      } catch (error) {
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}

/** Turns push off here: the browser lets the subscription go and the server forgets it (already gone is fine). */
export function useTurnOffDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['push', 'device', 'off'],
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      const body: PushUnsubscribeInput = { endpoint: subscription.endpoint };
      await apiClient.delete<object>('/push/subscriptions', { body }).catch((error: unknown) => {
        // 404: the server had already forgotten this device (a push service said it expired).
        if (!(isApiError(error) && error.status === 404)) throw error;
      });
      await subscription.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}
