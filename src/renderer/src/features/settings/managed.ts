/** The words next to every setting IT has set for everyone (the sign-in address included). */
export const managedByOrganisation = 'Managed by your organisation'
