/** Every admin query key starts here, so an action refreshes the whole dashboard with one invalidation. */
export const adminQueryRoot = ['admin'] as const;
