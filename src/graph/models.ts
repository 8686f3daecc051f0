/** What a `Loccode` resolves from: the code exactly as the client sent it. */
export interface LoccodeModel {
  code: string;
}
