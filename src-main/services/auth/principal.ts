/** Who is calling: the account a key or launch token belongs to. */
export interface Principal {
  accountId: string;
  role: string;
}
