// The web app's pages that take the link tokens (docs/dashboard.md, "Links").
export const inviteUrl = (publicUrl: string, token: string): string => `${publicUrl}/dashboard/invite?token=${token}`;
export const resetUrl = (publicUrl: string, token: string): string => `${publicUrl}/dashboard/reset-password?token=${token}`;
export const dashboardUrl = (publicUrl: string): string => `${publicUrl}/dashboard/`;
