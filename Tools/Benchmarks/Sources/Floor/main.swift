// The least a Swift command-line program that imports Foundation costs to start, print a line and exit.
import Foundation

print("floor version 1.0")
