/** Query keys of the clients feature (other features may invalidate them). */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
};
