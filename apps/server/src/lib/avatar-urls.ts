/** The URL an event's avatar is served from; `v` changes with the file, so browsers may cache each version. */
export function eventAvatarUrl(eventId: number, avatar: string | null): string | null {
  return avatar ? `/api/event/${eventId}/avatar?v=${encodeURIComponent(avatar.split('.')[0] ?? avatar)}` : null;
}

/** The URL a user's avatar is served from; `v` changes with the file, so browsers may cache each version. */
export function userAvatarUrl(userId: number, avatar: string | null): string | null {
  return avatar ? `/api/user/${userId}/avatar?v=${encodeURIComponent(avatar)}` : null;
}
