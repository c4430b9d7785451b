/// The bundled sample feeds as documents for the library (empty until the samples land).
public enum SampleLibrary {
    public static var documents: [SampleDocument] { [] }
}
