/** Who has a Kiln account with an e-mail (the workspace knows; spec 002 §5 fills and locks a registered user's name). */
export interface CustomerDirectory {
  byEmail(actorId: string, email: string): Promise<{ id: string; fullName: string; avatar: string | null } | null>;
}

export const CUSTOMER_DIRECTORY = Symbol('CustomerDirectory');
