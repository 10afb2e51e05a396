import shell from '../back-office.module.css';

/** Said in place of a product's choices until the shop's words for them are here (decision 124). */
export function ChoicesLoading({ text }: { text: string }) {
  return (
    <p className={shell.loading} role="status">
      {text}
    </p>
  );
}
