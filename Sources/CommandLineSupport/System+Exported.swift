// Both executables write through System's unbuffered streams (FileStream, once this module's) and report its
// errors; importing this module still brings them.
@_exported import System
