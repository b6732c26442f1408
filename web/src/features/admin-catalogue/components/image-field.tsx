import { useEffect, useId, useState } from 'react';

export interface ImageFieldProps {
  /** The product's current image when editing. */
  currentImage: string | null;
  productName: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  required: boolean;
  error?: string;
  disabled: boolean;
}

/** The image picker with a preview of the chosen file, or of the current image when editing. */
export function ImageField({
  currentImage,
  productName,
  file,
  onFileChange,
  required,
  error,
  disabled,
}: ImageFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const name = productName.trim() || 'the product';

  return (
    <div className="admin-field" data-field="image">
      <label htmlFor={inputId}>Product image{required ? '' : ' (optional)'}</label>
      <input
        id={inputId}
        name="image"
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        onChange={(event) => onFileChange(event.currentTarget.files?.[0] ?? null)}
      />
      <p id={hintId} className="admin-hint">
        {currentImage ? 'A new image replaces the current one. ' : ''}JPEG, PNG, WebP, AVIF or GIF, at most 5
        MB.
      </p>
      {error && (
        <p id={errorId} className="admin-field-error">
          {error}
        </p>
      )}
      {previewUrl ? (
        <figure className="admin-preview">
          <img src={previewUrl} alt={`${name}, as newly chosen`} />
          <figcaption className="muted">New image: {file?.name}</figcaption>
        </figure>
      ) : (
        currentImage && (
          <figure className="admin-preview">
            <img src={currentImage} alt={`${name}, as it looks now`} />
            <figcaption className="muted">Current image</figcaption>
          </figure>
        )
      )}
    </div>
  );
}
