/** The signed-in user's notifications (table by the notifications area): list, live INSERTs, mark read. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export interface AppNotification {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
  unread: (userId: string) => [...notificationKeys.all, userId, 'unread'] as const,
};

readsTables(notificationKeys.all, ['notifications']);

/** The newest 30 (RLS returns only the user's own rows). */
export function useNotifications(userId: string | null | undefined) {
  return useQuery({
    queryKey: notificationKeys.list(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data } = await supabase
        .from('notifications')
        .select('id, kind, title, body, link, created_at, read_at')
        .order('created_at', { ascending: false })
        .limit(30)
        .throwOnError();
      return (data ?? []) as AppNotification[];
    },
    meta: { silent: true },
  });
}

/**
 * How many of the user's notifications are unread, counted by the database (exact, however many there are; the
 * list shows only the newest 30).
 */
export function useUnreadNotificationCount(userId: string | null | undefined) {
  return useQuery({
    queryKey: notificationKeys.unread(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => {
      const { count } = await supabase
        .from('notifications')
        .select('id', { count: 'exact', head: true })
        .is('read_at', null)
        .throwOnError();
      return count ?? 0;
    },
    meta: { silent: true },
  });
}

let channelSeq = 0;

/** New notifications arrive live: an INSERT for this user is put on top of the cached list. */
export function useNotificationsRealtime(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    channelSeq += 1;
    const channel = supabase
      .channel(`notifications:${userId}:${channelSeq}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` },
        (payload) => {
          const row = payload.new as AppNotification;
          if (!row?.id) return;
          const listed = queryClient.getQueryData<AppNotification[]>(notificationKeys.list(userId)) ?? [];
          if (listed.some((n) => n.id === row.id)) return;
          queryClient.setQueryData<AppNotification[]>(notificationKeys.list(userId), [row, ...listed]);
          if (row.read_at === null) {
            queryClient.setQueryData<number>(notificationKeys.unread(userId), (count = 0) => count + 1);
          }
        },
      )
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [userId, queryClient]);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    /** ids: the notifications to mark; 'all' marks every unread one. */
    mutationFn: async (ids: string[] | 'all') => {
      const now = new Date().toISOString();
      let query = supabase.from('notifications').update({ read_at: now }).is('read_at', null);
      if (ids !== 'all') query = query.in('id', ids);
      await query.throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['notifications']),
  });
}
