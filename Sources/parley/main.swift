import Foundation
import ParleyCLI

exit(ParleyApp.run(Array(CommandLine.arguments.dropFirst())))
