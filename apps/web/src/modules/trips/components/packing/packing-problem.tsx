/** The problem under a packing form, tied to its field by `id` (aria-describedby). */
export function PackingProblem({ id, problem }: { id: string; problem: string | null }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {problem}
    </p>
  );
}
