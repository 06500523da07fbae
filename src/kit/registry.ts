/**
 * Every declared resource, in schema order. A new resource is its declaration file and one line here; the plugin's
 * schema and handlers follow from it.
 */
import { projectDeclaration } from "../provider/project-declaration";
import type { ResourceDeclaration } from "./declaration";

export const declarations: readonly ResourceDeclaration[] = [projectDeclaration as ResourceDeclaration];

/** The declaration of a plugin token (own entries only: a token named like a JavaScript built-in finds nothing). */
export function declarationOf(token: string): ResourceDeclaration | undefined {
  return declarations.find((declaration) => declaration.token === token);
}
